import type { CustomerItem } from '@keel/contract/endpoints/customer';
import { customerEndpoints } from '@keel/contract/endpoints/customer';
import type { EndpointPath } from '@keel/contract/endpoints/index';
import type { MemberGroupUser } from '@keel/contract/endpoints/member-group';
import { titleEndpoints } from '@keel/contract/endpoints/title';
import type { Page } from '@keel/contract/envelope';
import { scopedQuery } from '../../shared/api/query';
import type { Scope } from '../../shared/api/query-key';
import { maxLengthOf } from '../../shared/forms/zod-limits';
import { useSession } from '../../shared/session/session-store';

export type { Scope } from '../../shared/api/query-key';

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

/** Customers: the details beyond name and remark. */
export type CustomerDetails = Pick<
  CustomerItem,
  'code' | 'contactName' | 'contactPhone' | 'contactEmail' | 'address' | 'propertyPno'
>;

export interface SaveInput {
  id?: string;
  /** Back office: the property a new group is created in. */
  pno?: string;
  name: string;
  remark: string;
  customer?: CustomerDetails;
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

/** The contract's six calls of a member group (contract `memberGroupEndpoints`). */
interface GroupPaths {
  list: 't/getTitleList' | 'us/getUserSetList' | 'cu/getCustomerList';
  save: 't/addOrUpdateTitle' | 'us/addOrUpdateUserSet' | 'cu/addOrUpdateCustomer';
  del: 't/delTitle' | 'us/delUserSet' | 'cu/delCustomer';
  users: 't/getTitleUserList' | 'us/getUserSetUserList' | 'cu/getCustomerUserList';
  add: 't/addTitleUser' | 'us/addUserSetUser' | 'cu/addCustomerUser';
  remove: 't/delTitleUser' | 'us/delUserSetUser' | 'cu/delCustomerUser';
}

/** The declaration of a member group: its calls, id, rights and how a list item becomes a row. */
interface GroupDeclaration {
  key: 'title' | 'userSet' | 'customer';
  /** The function id that allows changes (catalogue.ts). */
  editPermission: string;
  /** Has a back-office page (customers do not). */
  backOffice: boolean;
  /** The id's name in inputs and URLs (`?tid=`). */
  idParam: 'tid' | 'usid' | 'cid';
  /** The edit dialog's route (create, or `?tid=` to edit one). */
  dialogPath: '/Account/EditTitleDialog' | '/Account/EditUserSetDialog' | '/Account/EditCustomerDialog';
  paths: GroupPaths;
  /** Longest name the save call takes (from the contract). */
  nameMax: number;
  toRow: (item: never) => GroupRow;
}

/** A member group with its calls, all through the contract's typed client. */
export interface GroupKind extends GroupDeclaration {
  listPath: EndpointPath;
  memberPath: EndpointPath;
  list: (input: ListInput, scope: Scope) => PageQuery<GroupRow>;
  saveInput: (input: SaveInput) => Record<string, unknown>;
  removeInput: (id: string, force: boolean) => Record<string, unknown>;
  members: (input: MemberInput, scope: Scope) => PageQuery<MemberGroupUser>;
  membersInput: (id: string, uidList: string[]) => Record<string, unknown>;
}

const text = (value?: string) => (value ? { str: value } : {});

/**
 * The calls of a member group from its declaration. The three kinds share one input shape (contract
 * `memberGroupEndpoints`) but for the id's name, so the inputs are built here once, with that name.
 */
function memberGroup(declaration: GroupDeclaration): GroupKind {
  const { idParam, paths } = declaration;
  // The paths differ per kind; their inputs are the same shape, keyed by `idParam` (typed by the contract).
  const query = <T>(path: EndpointPath, input: Record<string, unknown>, scope: Scope) =>
    scopedQuery(path, input as never, scope) as unknown as PageQuery<T>;
  return {
    ...declaration,
    listPath: paths.list,
    memberPath: paths.users,
    list: (input, scope) => {
      const base = query<never>(
        paths.list,
        {
          pageNum: input.pageNum,
          pageSize: input.pageSize,
          ...text(input.str),
          ...(input.filterPno && declaration.backOffice ? { filterPno: input.filterPno } : {}),
          ...(input.id ? { [idParam]: input.id } : {}),
        },
        declaration.key === 'customer' ? 'property' : scope,
      );
      return {
        queryKey: base.queryKey,
        queryFn: async (context) => {
          const page = await base.queryFn(context);
          return { ...page, list: page.list.map(declaration.toRow) };
        },
      };
    },
    saveInput: ({ id, pno, name, remark, customer }) => ({
      [idParam]: id,
      ...(declaration.backOffice && !id && pno ? { pno } : {}),
      name,
      remark,
      ...(declaration.key === 'customer' ? customer : {}),
    }),
    removeInput: (id, force) => ({ [idParam]: id, force: force ? 1 : 0 }),
    members: (input, scope) =>
      query<MemberGroupUser>(
        paths.users,
        { [idParam]: input.id, pageNum: input.pageNum, pageSize: input.pageSize, ...text(input.str) },
        declaration.key === 'customer' ? 'property' : scope,
      ),
    membersInput: (id, uidList) => ({ [idParam]: id, uidList }),
  };
}

type BackOfficeItem = Omit<GroupRow, 'id' | 'customer'>;

export const TITLE = memberGroup({
  key: 'title',
  editPermission: 'account.title.edit',
  backOffice: true,
  idParam: 'tid',
  dialogPath: '/Account/EditTitleDialog',
  nameMax: maxLengthOf(titleEndpoints['t/addOrUpdateTitle'].input, 'name'),
  paths: {
    list: 't/getTitleList',
    save: 't/addOrUpdateTitle',
    del: 't/delTitle',
    users: 't/getTitleUserList',
    add: 't/addTitleUser',
    remove: 't/delTitleUser',
  },
  toRow: ({ tid, ...item }: BackOfficeItem & { tid: string }) => ({ id: tid, ...item }),
});

export const USER_SET = memberGroup({
  key: 'userSet',
  editPermission: 'account.userSet.edit',
  backOffice: true,
  idParam: 'usid',
  dialogPath: '/Account/EditUserSetDialog',
  nameMax: maxLengthOf(titleEndpoints['t/addOrUpdateTitle'].input, 'name'),
  paths: {
    list: 'us/getUserSetList',
    save: 'us/addOrUpdateUserSet',
    del: 'us/delUserSet',
    users: 'us/getUserSetUserList',
    add: 'us/addUserSetUser',
    remove: 'us/delUserSetUser',
  },
  toRow: ({ usid, ...item }: BackOfficeItem & { usid: string }) => ({ id: usid, ...item }),
});

export const CUSTOMER = memberGroup({
  key: 'customer',
  editPermission: 'account.customer.edit',
  backOffice: false,
  idParam: 'cid',
  dialogPath: '/Account/EditCustomerDialog',
  nameMax: maxLengthOf(customerEndpoints['cu/addOrUpdateCustomer'].input, 'name'),
  paths: {
    list: 'cu/getCustomerList',
    save: 'cu/addOrUpdateCustomer',
    del: 'cu/delCustomer',
    users: 'cu/getCustomerUserList',
    add: 'cu/addCustomerUser',
    remove: 'cu/delCustomerUser',
  },
  toRow: (item: CustomerItem) => ({
    id: item.cid,
    name: item.name,
    remark: item.remark,
    userCount: item.userCount,
    createTime: item.createTime,
    updateTime: item.updateTime,
    customer: item,
  }),
});
