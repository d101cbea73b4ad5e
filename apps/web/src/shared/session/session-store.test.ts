// @vitest-environment happy-dom
import type { UserInfo } from '@keel/contract/endpoints/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, installEndpointMethods } from '../api/test-methods';
import { fetchMenuIds } from './menu-ids';
import { readStoredForeground, reloadSessionFromStorage, setMenuIdsLoader, useSession } from './session-store';

const user = (pnos: string[]): UserInfo => ({
  token: 'tok',
  uid: 'u1',
  name: 'Demo',
  phoneNum: '13800000001',
  email: null,
  isOperator: 0,
  propertyList: pnos.map((pno) => ({ pno, name: `P ${pno}`, isCustomer: 0, role: 'member' as const })),
});

beforeEach(() => {
  installEndpointMethods();
  setMenuIdsLoader(fetchMenuIds);
  localStorage.clear();
  reloadSessionFromStorage();
});
afterEach(() => vi.unstubAllGlobals());

describe('session store (SPEC §4)', () => {
  it('login stores the user, selects the first property and stores its menu ids', async () => {
    const f = fakeFetch([{ body: { status: 0, msg: '', data: { menuIdList: ['general', 'general.home'] } } }]);
    vi.stubGlobal('fetch', f.fn);
    await useSession.getState().login(user(['P1', 'P2']));
    const s = useSession.getState();
    expect(s.userInfo?.token).toBe('tok');
    expect(s.selectedPropertyPno).toBe('P1');
    expect(s.menuIdList).toEqual(['general', 'general.home']);
    expect(JSON.parse(localStorage.getItem('UserInfo')!).uid).toBe('u1');
    expect(JSON.parse(localStorage.getItem('KeySelectedProperty')!).pno).toBe('P1');
    expect(JSON.parse(localStorage.getItem('KeySelectedPropertyPno')!)).toBe('P1');
    expect(f.calls[0].url).toBe('/api/pro/getMenuIdList');
    expect((f.calls[0].init.headers as Record<string, string>).pno).toBe('P1');
  });

  it('login with no property selects none and fetches nothing', async () => {
    const f = fakeFetch([]);
    vi.stubGlobal('fetch', f.fn);
    await useSession.getState().login(user([]));
    expect(useSession.getState().selectedProperty).toBeNull();
    expect(useSession.getState().menuIdList).toEqual([]);
    expect(localStorage.getItem('KeySelectedPropertyPno')).toBeNull();
    expect(f.calls).toHaveLength(0);
  });

  it('a non-zero menu answer empties the list', async () => {
    vi.stubGlobal('fetch', fakeFetch([{ body: { status: 0, msg: '', data: { menuIdList: ['a'] } } }]).fn);
    await useSession.getState().login(user(['P1', 'P2']));
    vi.stubGlobal('fetch', fakeFetch([{ body: { status: 100110050403, msg: 'no', data: null } }]).fn);
    await useSession.getState().selectProperty(user(['P2']).propertyList[0]);
    expect(useSession.getState().selectedPropertyPno).toBe('P2');
    expect(useSession.getState().menuIdList).toEqual([]);
  });

  it('replacing the property list keeps the user and stores the new list', async () => {
    vi.stubGlobal('fetch', fakeFetch([{ body: { status: 0, msg: '', data: { menuIdList: [] } } }]).fn);
    await useSession.getState().login(user(['P1']));
    useSession.getState().setPropertyList(user(['P1', 'P9']).propertyList);
    expect(useSession.getState().userInfo?.propertyList.map((p) => p.pno)).toEqual(['P1', 'P9']);
    expect(JSON.parse(localStorage.getItem('UserInfo')!).propertyList).toHaveLength(2);
    expect(useSession.getState().selectedPropertyPno).toBe('P1');
  });

  it('clearing the property empties the menu list; clearing the user removes user and property', async () => {
    vi.stubGlobal('fetch', fakeFetch([{ body: { status: 0, msg: '', data: { menuIdList: ['a'] } } }]).fn);
    await useSession.getState().login(user(['P1']));
    useSession.getState().clearProperty();
    expect(useSession.getState().menuIdList).toEqual([]);
    expect(useSession.getState().selectedProperty).toBeNull();
    expect(useSession.getState().userInfo).not.toBeNull();
    useSession.getState().clearUserInfo();
    expect(useSession.getState().userInfo).toBeNull();
    expect(localStorage.getItem('UserInfo')).toBeNull();
    expect(localStorage.getItem('KeySelectedProperty')).toBeNull();
  });

  it('restores from storage; foreground is -1 in memory and 0 when read from empty storage', () => {
    localStorage.setItem('UserInfo', JSON.stringify(user(['P9'])));
    localStorage.setItem('KeySelectedPropertyPno', JSON.stringify('P9'));
    reloadSessionFromStorage();
    expect(useSession.getState().userInfo?.propertyList[0].pno).toBe('P9');
    expect(useSession.getState().selectedPropertyPno).toBe('P9');
    expect(useSession.getState().isForeground).toBe(-1);
    expect(readStoredForeground()).toBe(0);
    useSession.getState().setForeground(1);
    expect(readStoredForeground()).toBe(1);
  });
});
