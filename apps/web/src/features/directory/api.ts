import type { InputOf } from '@keel/contract/endpoint';
import type { CustomerItem } from '@keel/contract/endpoints/customer';
import type { DirectoryMember } from '@keel/contract/endpoints/directory';
import type { EndpointPath, Endpoints } from '@keel/contract/endpoints/index';
import type { Page } from '@keel/contract/envelope';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { apiQuery, platformQuery } from '../../shared/api/query';
import { useSession } from '../../shared/session/session-store';

/** Where a page works: the selected property (`pno` header) or the back office (no header, `filterPno`). */
export type Scope = 'property' | 'platform';

/** A call in a scope: the back office sends no `pno` header, so the operator's own selection does not interfere. */
export function call<P extends EndpointPath>(path: P, input: InputOf<Endpoints[P]>, scope: Scope) {
  return api(path, input, scope === 'platform' ? { pno: null } : {});
}

/** TanStack Query options for a call in a scope; the key starts with the path, so `invalidate(path)` refreshes it. */
export function scopedQuery<P extends EndpointPath>(path: P, input: InputOf<Endpoints[P]>, scope: Scope) {
  // One type for both (the platform key's 'platform' where the other has the selected pno).
  return scope === 'platform' ? (platformQuery(path, input) as ReturnType<typeof apiQuery<P>>) : apiQuery(path, input);
}

/** Refetches every query of these calls. */
export async function invalidate(queryClient: QueryClient, ...paths: EndpointPath[]) {
  await Promise.all(paths.map((path) => queryClient.invalidateQueries({ queryKey: [path] })));
}

/** Whether the selected property's menu-id list holds a function id (SPEC §4); the back office always may. */
export function useCan(functionId: string, scope: Scope = 'property'): boolean {
  const has = useSession((s) => s.menuIdList.includes(functionId));
  return scope === 'platform' || has;
}

/** A title, user set or customer as the shared table shows it: `id` is its `tid`, `usid` or `cid`. */
export interface GroupRow {
  id: string;
  name: string;
  remark: string;
  userCount: number;
  createTime: number;
  updateTime: number;
  /** Back office: the group's property. */
  pno?: string;
  propertyName?: string;
  /** Customers only. */
  customer?: CustomerItem;
}

export interface ListInput {
  pageNum: number;
  pageSize: number;
  str?: string;
  filterPno?: string;
  /** One group by its id (an edit dialog opened by its link). */
  id?: string;
}

export interface SaveInput {
  id?: string;
  /** Back office: the property a new group is created in. */
  pno?: string;
  name: string;
  remark: string;
  /** Customers: the other details. */
  customer?: Omit<CustomerItem, 'cid' | 'name' | 'remark' | 'userCount' | 'createTime' | 'updateTime'>;
}

export interface MemberInput {
  id: string;
  pageNum: number;
  pageSize: number;
  str?: string;
}

/** Query options for one page of a list (what `useQuery` and DataTable take). */
export interface PageQuery<T> {
  queryKey: readonly unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<Page<T>>;
}

/** One of the three named groups of a property's members, with its six calls. */
export interface GroupKind {
  key: 'title' | 'userSet' | 'customer';
  /** The function id that allows changes (catalogue.ts). */
  editPermission: string;
  /** Has a back-office page (customers do not). */
  backOffice: boolean;
  /** The id's name in URLs (`?tid=`). */
  idParam: 'tid' | 'usid' | 'cid';
  listPath: EndpointPath;
  memberPath: EndpointPath;
  list: (input: ListInput, scope: Scope) => PageQuery<GroupRow>;
  save: (input: SaveInput, scope: Scope) => Promise<string>;
  remove: (id: string, force: boolean, scope: Scope) => Promise<number>;
  members: (input: MemberInput, scope: Scope) => PageQuery<DirectoryMember>;
  addMembers: (id: string, uids: string[], scope: Scope) => Promise<number>;
  removeMembers: (id: string, uids: string[], scope: Scope) => Promise<number>;
}

const clean = (input: ListInput) => ({
  pageNum: input.pageNum,
  pageSize: input.pageSize,
  ...(input.str ? { str: input.str } : {}),
  ...(input.filterPno ? { filterPno: input.filterPno } : {}),
});

const memberInput = (input: MemberInput) => ({
  pageNum: input.pageNum,
  pageSize: input.pageSize,
  ...(input.str ? { str: input.str } : {}),
});

function listOf<T>(
  path: EndpointPath,
  fetch: (signal: AbortSignal) => Promise<Page<T>>,
  key: unknown,
  toRow: (item: T) => GroupRow,
) {
  return {
    queryKey: [path, key],
    queryFn: async ({ signal }) => {
      const page = await fetch(signal);
      return { ...page, list: page.list.map(toRow) };
    },
  } satisfies PageQuery<GroupRow>;
}

const scopeKey = (scope: Scope) => (scope === 'platform' ? 'platform' : useSession.getState().selectedPropertyPno);
const opts = (scope: Scope, signal?: AbortSignal) => (scope === 'platform' ? { signal, pno: null } : { signal });

export const TITLE: GroupKind = {
  key: 'title',
  editPermission: 'account.title.edit',
  backOffice: true,
  idParam: 'tid',
  listPath: 't/getTitleList',
  memberPath: 't/getTitleUserList',
  list: (input, scope) =>
    listOf(
      't/getTitleList',
      (signal) => api('t/getTitleList', { ...clean(input), tid: input.id }, opts(scope, signal)),
      [scopeKey(scope), input],
      ({ tid, ...item }) => ({ id: tid, ...item }),
    ),
  save: async (input, scope) =>
    (
      await call(
        't/addOrUpdateTitle',
        { tid: input.id, pno: input.id ? undefined : input.pno, name: input.name, remark: input.remark },
        scope,
      )
    ).tid,
  remove: async (tid, force, scope) => (await call('t/delTitle', { tid, force: force ? 1 : 0 }, scope)).removed,
  members: (input, scope) => ({
    queryKey: ['t/getTitleUserList', scopeKey(scope), input],
    queryFn: ({ signal }) => api('t/getTitleUserList', { tid: input.id, ...memberInput(input) }, opts(scope, signal)),
  }),
  addMembers: async (tid, uidList, scope) => (await call('t/addTitleUser', { tid, uidList }, scope)).added,
  removeMembers: async (tid, uidList, scope) => (await call('t/delTitleUser', { tid, uidList }, scope)).removed,
};

export const USER_SET: GroupKind = {
  key: 'userSet',
  editPermission: 'account.userSet.edit',
  backOffice: true,
  idParam: 'usid',
  listPath: 'us/getUserSetList',
  memberPath: 'us/getUserSetUserList',
  list: (input, scope) =>
    listOf(
      'us/getUserSetList',
      (signal) => api('us/getUserSetList', { ...clean(input), usid: input.id }, opts(scope, signal)),
      [scopeKey(scope), input],
      ({ usid, ...item }) => ({ id: usid, ...item }),
    ),
  save: async (input, scope) =>
    (
      await call(
        'us/addOrUpdateUserSet',
        { usid: input.id, pno: input.id ? undefined : input.pno, name: input.name, remark: input.remark },
        scope,
      )
    ).usid,
  remove: async (usid, force, scope) => (await call('us/delUserSet', { usid, force: force ? 1 : 0 }, scope)).removed,
  members: (input, scope) => ({
    queryKey: ['us/getUserSetUserList', scopeKey(scope), input],
    queryFn: ({ signal }) =>
      api('us/getUserSetUserList', { usid: input.id, ...memberInput(input) }, opts(scope, signal)),
  }),
  addMembers: async (usid, uidList, scope) => (await call('us/addUserSetUser', { usid, uidList }, scope)).added,
  removeMembers: async (usid, uidList, scope) => (await call('us/delUserSetUser', { usid, uidList }, scope)).removed,
};

export const CUSTOMER: GroupKind = {
  key: 'customer',
  editPermission: 'account.customer.edit',
  backOffice: false,
  idParam: 'cid',
  listPath: 'cu/getCustomerList',
  memberPath: 'cu/getCustomerUserList',
  list: (input, scope) =>
    listOf(
      'cu/getCustomerList',
      (signal) =>
        api(
          'cu/getCustomerList',
          { pageNum: input.pageNum, pageSize: input.pageSize, ...(input.str ? { str: input.str } : {}), cid: input.id },
          { signal },
        ),
      [scopeKey(scope), input],
      (item) => ({
        id: item.cid,
        name: item.name,
        remark: item.remark,
        userCount: item.userCount,
        createTime: item.createTime,
        updateTime: item.updateTime,
        customer: item,
      }),
    ),
  save: async (input) =>
    (
      await api('cu/addOrUpdateCustomer', {
        cid: input.id,
        name: input.name,
        remark: input.remark,
        code: input.customer?.code ?? '',
        contactName: input.customer?.contactName ?? '',
        contactPhone: input.customer?.contactPhone ?? '',
        contactEmail: input.customer?.contactEmail ?? '',
        address: input.customer?.address ?? '',
      })
    ).cid,
  remove: async (cid, force) => (await api('cu/delCustomer', { cid, force: force ? 1 : 0 })).removed,
  members: (input) => ({
    queryKey: ['cu/getCustomerUserList', scopeKey('property'), input],
    queryFn: ({ signal }) => api('cu/getCustomerUserList', { cid: input.id, ...memberInput(input) }, { signal }),
  }),
  addMembers: async (cid, uidList) => (await api('cu/addCustomerUser', { cid, uidList })).added,
  removeMembers: async (cid, uidList) => (await api('cu/delCustomerUser', { cid, uidList })).removed,
};
