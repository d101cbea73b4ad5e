import i18next from 'i18next';

/** HTTP statuses with a text of their own in the locale files (`error.http.{status}`); others use `error.httpOther`. */
export const TRANSLATED_STATUSES = [400, 401, 403, 404, 405, 408, 413, 429, 500, 502, 503, 504] as const;

/**
 * The status text of a non-200 answer (SPEC §8), in the reader's language: the browser's `statusText` is always
 * English ("Internal Server Error"), so the client translates the status instead. Before i18next is up (never in
 * the console, which starts it first) the English status text is kept.
 */
export function httpErrorText(status: number, statusText: string): string {
  if (!i18next.isInitialized) return statusText || `HTTP ${status}`;
  const known = (TRANSLATED_STATUSES as readonly number[]).includes(status);
  return known ? i18next.t(`error.http.${status}`) : i18next.t('error.httpOther', { status });
}

/** The text of a call that got no answer (offline, DNS, refused), in the reader's language. */
export function networkErrorText(): string {
  return i18next.isInitialized ? i18next.t('error.network') : 'Network error';
}

/** The text of an answer that could not be read, in the reader's language. */
export function badResponseText(): string {
  return i18next.isInitialized ? i18next.t('error.badResponse') : 'Invalid response';
}
