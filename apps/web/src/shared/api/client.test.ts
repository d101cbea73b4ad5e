// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/session-store';
import { useToasts } from '../toast/toast-store';
import { ApiError } from './api-error';
import { api, setSessionExpiredHandler } from './client';
import { phoneNumExists } from './phone-exists';
import { fakeFetch, installEndpointMethods } from './test-methods';

const signedIn = () =>
  useSession.setState({
    userInfo: {
      token: 'T1',
      uid: 'u',
      name: 'n',
      phoneNum: '13800000001',
      email: null,
      isOperator: 0,
      propertyList: [],
    },
    selectedPropertyPno: 'P7',
    selectedProperty: { pno: 'P7', name: 'x', isCustomer: 0, role: 'member' },
  });

beforeEach(() => {
  installEndpointMethods();
  localStorage.clear();
  useToasts.setState({ items: [] });
  useSession.setState({ userInfo: null, selectedProperty: null, selectedPropertyPno: null, menuIdList: [] });
});
afterEach(() => vi.unstubAllGlobals());

describe('API client (SPEC §7–§8)', () => {
  it('GET sends the input as a query string with token, languages and pno headers', async () => {
    signedIn();
    const f = fakeFetch([{ body: { status: 0, msg: '', data: { exist: 1 } } }]);
    vi.stubGlobal('fetch', f.fn);
    const data = await api('a/ifPhoneNumExist', { phoneNum: '13800000001' });
    expect(data.exist).toBe(1);
    expect(f.calls[0].url).toBe('/api/a/ifPhoneNumExist?phoneNum=13800000001');
    expect(f.calls[0].init.method).toBe('GET');
    expect(f.calls[0].init.body).toBeUndefined();
    expect(f.calls[0].init.headers).toMatchObject({
      token: 'T1',
      pno: 'P7',
      'Content-Language': 'zh-cn',
      'Accept-Language': 'zh-cn',
    });
  });

  it('POST sends a JSON body and no pno without a selected property', async () => {
    const f = fakeFetch([{ body: { status: 0, msg: '', data: null } }]);
    vi.stubGlobal('fetch', f.fn);
    await api('a/sendCode', { phoneNum: '13800000001', purpose: 'register' });
    expect(f.calls[0].url).toBe('/api/a/sendCode');
    expect(f.calls[0].init.method).toBe('POST');
    expect(JSON.parse(String(f.calls[0].init.body))).toEqual({ phoneNum: '13800000001', purpose: 'register' });
    expect(f.calls[0].init.headers).not.toHaveProperty('pno');
    expect((f.calls[0].init.headers as Record<string, string>).token).toBe('');
  });

  it('parses a body that is a JSON string', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch([{ body: JSON.stringify(JSON.stringify({ status: 0, msg: '', data: { exist: 0 } })) }]).fn,
    );
    expect(await api('a/ifPhoneNumExist', { phoneNum: '13800000001' })).toEqual({ exist: 0 });
  });

  it('a non-zero status shows a warning toast with msg and throws', async () => {
    vi.stubGlobal('fetch', fakeFetch([{ body: { status: 100110050400, msg: 'Bad phone', data: null } }]).fn);
    const error = await api('a/sendCode', { phoneNum: '1', purpose: 'register' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'status', status: 100110050400, message: 'Bad phone' });
    expect(useToasts.getState().items).toEqual([expect.objectContaining({ type: 'warning', text: 'Bad phone' })]);
  });

  it('session expiry clears the stored user, goes to / and shows no warning', async () => {
    signedIn();
    localStorage.setItem('UserInfo', '{}');
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    vi.stubGlobal('fetch', fakeFetch([{ body: { status: 100110050401, msg: 'expired', data: null } }]).fn);
    await expect(api('pro/getMyPropertyList', {})).rejects.toBeInstanceOf(ApiError);
    expect(useSession.getState().userInfo).toBeNull();
    expect(useSession.getState().selectedPropertyPno).toBeNull();
    expect(localStorage.getItem('UserInfo')).toBeNull();
    expect(expired).toHaveBeenCalledOnce();
    expect(useToasts.getState().items).toHaveLength(0);
  });

  it('a non-200 answer shows an error toast with the status text', async () => {
    vi.stubGlobal('fetch', fakeFetch([{ status: 502, statusText: 'Bad Gateway', body: 'oops' }]).fn);
    await expect(api('pro/getMyPropertyList', {})).rejects.toMatchObject({ kind: 'http', status: 502 });
    expect(useToasts.getState().items).toEqual([expect.objectContaining({ type: 'error', text: 'Bad Gateway' })]); // i18next is not started here: the status text as sent
  });

  it('network failures are only logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    await expect(api('pro/getMyPropertyList', {})).rejects.toMatchObject({ kind: 'network' });
    expect(useToasts.getState().items).toHaveLength(0);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('a cancelled call is neither logged nor toasted', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const controller = new AbortController();
    vi.stubGlobal('fetch', () => {
      controller.abort();
      return Promise.reject(new DOMException('signal is aborted without reason', 'AbortError'));
    });
    await expect(api('pro/getMyPropertyList', {}, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(log).not.toHaveBeenCalled();
    expect(useToasts.getState().items).toHaveLength(0);
    log.mockRestore();
  });

  it('the phone check shows msg in an error toast and reports false on a non-zero status', async () => {
    vi.stubGlobal('fetch', fakeFetch([{ body: { status: 100110050429, msg: 'Too many', data: null } }]).fn);
    expect(await phoneNumExists('13800000001')).toBe(false);
    expect(useToasts.getState().items).toEqual([expect.objectContaining({ type: 'error', text: 'Too many' })]);
    vi.stubGlobal('fetch', fakeFetch([{ body: { status: 0, msg: '', data: { exist: 1 } } }]).fn);
    expect(await phoneNumExists('13800000001')).toBe(true);
  });
});
