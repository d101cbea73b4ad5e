import { endpoints } from '@keel/contract/endpoints/index';

/** For tests: puts the contract's path → method map where the bundle would have it compiled in. */
export function installEndpointMethods(): void {
  (globalThis as { __KEEL_ENDPOINT_METHODS__?: Record<string, string> }).__KEEL_ENDPOINT_METHODS__ = Object.fromEntries(
    Object.values(endpoints).map((e) => [e.path, e.method]),
  );
}

/** For tests: a fetch answering with one envelope (or HTTP status) per call, recording the requests. */
export function fakeFetch(answers: Array<{ status?: number; statusText?: string; body: unknown }>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fn = async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const answer = answers.shift() ?? { body: { status: 0, msg: 'ok', data: null } };
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status ?? 200, statusText: answer.statusText ?? 'OK' });
  };
  return { fn: fn as unknown as typeof fetch, calls };
}
