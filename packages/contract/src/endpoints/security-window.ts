import { z } from 'zod';
import { int } from '../envelope';

/**
 * The validity window every grant of the security chain has (privileged users, device and user authorisations,
 * white lists) and the record lists' time range: epoch ms, either side optional.
 */

/** A time, epoch ms, within what a JavaScript date can hold. */
export const epochMs = () => int().pipe(z.number().min(0).max(8_640_000_000_000_000));

/** Whether a window's end comes after its start (an open side always does). */
export const windowInOrder = (v: { startTime?: number; endTime?: number }) =>
  v.startTime === undefined || v.endTime === undefined || v.endTime > v.startTime;

/** The refinement's options: the error names `endTime`. */
export const WINDOW_ORDER_ERROR = { path: ['endTime'], message: 'endTime' };
