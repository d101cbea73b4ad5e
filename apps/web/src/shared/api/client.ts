import type { InputOf, OutputOf } from '@keel/contract/endpoint';
import type { EndpointPath, Endpoints } from '@keel/contract/endpoints/index';
import type { Envelope } from '@keel/contract/envelope';
import { Status } from '@keel/contract/status';
import { currentLanguage } from '../i18n/language';
import { addLocalePrefix } from '../i18n/locale-path';
import { useSession } from '../session/session-store';
import { toast } from '../toast/toast-store';
import { ApiError } from './api-error';
import { badResponseText, httpErrorText, networkErrorText } from './http-error-text';
import { countInFlight } from './in-flight';
import { endpointMethod } from './methods';

export interface CallOptions {
  /** false: no warning toast on a non-zero status (the caller reports it). */
  notify?: boolean;
  signal?: AbortSignal;
  /** null: send no `pno` header (operator calls in the back office, which name the property in the input). */
  pno?: null;
}

let onSessionExpired: () => void = () => {
  window.location.assign(addLocalePrefix('/', currentLanguage()));
};

/** Where a session-expiry answer sends the user (the router's navigate once it exists). */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

function queryString(input: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    params.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

function headers(method: 'GET' | 'POST', omitPno = false): Record<string, string> {
  const { userInfo, selectedPropertyPno } = useSession.getState();
  const language = currentLanguage();
  const out: Record<string, string> = {
    token: userInfo?.token ?? '',
    'Content-Language': language,
    'Accept-Language': language,
  };
  if (selectedPropertyPno && !omitPno) out.pno = selectedPropertyPno;
  if (method === 'POST') out['Content-Type'] = 'application/json';
  return out;
}

/** A string body is parsed as JSON (SPEC §8), also when the JSON itself is a string. */
function parseBody(text: string): Envelope<unknown> {
  let value: unknown = JSON.parse(text);
  if (typeof value === 'string') value = JSON.parse(value);
  return value as Envelope<unknown>;
}

/**
 * The one wrapper every call goes through (SPEC §7–§8), counted while in flight (in-flight.ts): GET sends the input
 * as query parameters, POST as a JSON body. Resolves with `data` on status 0; otherwise toasts and throws an `ApiError`.
 */
export function api<P extends EndpointPath>(
  path: P,
  input: InputOf<Endpoints[P]>,
  options: CallOptions = {},
): Promise<OutputOf<Endpoints[P]>> {
  return countInFlight(() => call(path, input, options));
}

async function call<P extends EndpointPath>(
  path: P,
  input: InputOf<Endpoints[P]>,
  options: CallOptions,
): Promise<OutputOf<Endpoints[P]>> {
  const method = await endpointMethod(path);
  if (method !== 'GET' && method !== 'POST') throw new ApiError('http', 405, `Unsupported method for ${path}`);
  const payload = (input ?? {}) as Record<string, unknown>;
  const url = `/api/${path}${method === 'GET' ? queryString(payload) : ''}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: headers(method, options.pno === null),
      body: method === 'POST' ? JSON.stringify(payload) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    // A cancelled call (TanStack Query aborts on unmount and on refetch) is not a failure: no log, no toast.
    if (options.signal?.aborted) throw error;
    console.error('Request failed', path, error);
    throw new ApiError('network', 0, networkErrorText());
  }

  if (response.status !== 200) {
    const text = httpErrorText(response.status, response.statusText);
    toast.error(text);
    throw new ApiError('http', response.status, text);
  }

  let body: Envelope<unknown>;
  try {
    body = parseBody(await response.text());
  } catch (error) {
    if (options.signal?.aborted) throw error;
    console.error('Response could not be read', path, error);
    throw new ApiError('parse', response.status, badResponseText());
  }

  if (body.status === Status.sessionExpired) {
    useSession.getState().clearUserInfo();
    onSessionExpired();
    throw new ApiError('status', body.status, body.msg);
  }
  if (body.status !== 0) {
    if (options.notify !== false) toast.warning(body.msg);
    throw new ApiError('status', body.status, body.msg);
  }
  return body.data as OutputOf<Endpoints[P]>;
}
