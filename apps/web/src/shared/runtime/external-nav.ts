export const EXTERNAL_NAV_MESSAGE = 'Navigating to an external URL is not allowed by default.';

const SCRIPT_PROTOCOL = /^\s*(javascript|vbscript|data|file):/i;

export interface NavigateOptions {
  /** Must be set to navigate to another origin. */
  external?: boolean;
  /** Open in a new tab. */
  newTab?: boolean;
}

/**
 * Checks a navigation target: script-like protocols are always refused; other origins only when marked external.
 * Returns the resolved URL, or throws with the SPEC §8 message.
 */
export function checkNavigationTarget(target: string, options: NavigateOptions = {}, base = location.href): URL {
  if (SCRIPT_PROTOCOL.test(target)) throw new Error(`Refused navigation to a script-like URL: ${target}`);
  const url = new URL(target, base);
  if (url.origin !== new URL(base).origin && !options.external) throw new Error(EXTERNAL_NAV_MESSAGE);
  return url;
}

/** Navigates (or opens a tab) after `checkNavigationTarget`. */
export function navigateTo(target: string, options: NavigateOptions = {}): void {
  const url = checkNavigationTarget(target, options);
  if (options.newTab) window.open(url.href, '_blank', 'noopener');
  else location.assign(url.href);
}
