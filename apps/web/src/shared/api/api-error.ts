/** A failed call: `status` is the envelope's status (kind `status`) or the HTTP status (kind `http`, `network` = 0). */
export class ApiError extends Error {
  constructor(
    readonly kind: 'status' | 'http' | 'network' | 'parse',
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
