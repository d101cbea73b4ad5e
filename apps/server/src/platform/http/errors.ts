import type { MessageKey } from '@keel/contract/status';

/**
 * A business answer other than success: carries the catalogue key and its params; the envelope translates it.
 * `httpStatus` is set only for what is not a business answer (413, 429).
 */
export class AppError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly http: { status?: number; retryAfterSeconds?: number } = {},
  ) {
    super(key);
  }
}

export const invalidInput = (field: string) => new AppError('invalidInput', { field });
export const notFound = (what: string) => new AppError('notFound', { what });
export const conflict = (reason: string) => new AppError('conflict', { reason });
export const forbidden = () => new AppError('forbidden');
export const tooManyAttempts = (seconds: number) =>
  new AppError('tooManyAttempts', { seconds }, { status: 429, retryAfterSeconds: seconds });
