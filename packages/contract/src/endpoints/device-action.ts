import { z } from 'zod';

/**
 * A device action (apps/server/src/modules/device-action) as a campaign's results show it — a command's, an app
 * store push's: waiting (`pending`), fetched or being worked on (`delivered`), then `succeeded` | `failed`, or
 * `expired` / `cancelled`. The model's `running` shows as `delivered`.
 */
export const ACTION_RESULT_STATES = ['pending', 'delivered', 'succeeded', 'failed', 'expired', 'cancelled'] as const;
export type ActionResultState = (typeof ACTION_RESULT_STATES)[number];

/** A campaign's devices counted by result state. */
export const actionResultCounts = z.object({
  pending: z.number().int(),
  delivered: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  expired: z.number().int(),
  cancelled: z.number().int(),
});
