import { z } from 'zod';
import { type Access, defineEndpoint, group } from '../endpoint';
import { flag, type id, pageOf, pageQuery } from '../envelope';
import { type RefKind, ref } from '../refs';

/**
 * Member groups: titles (`t/`), user sets (`us/`) and customers (`cu/`) are each a named group of the property's
 * members. This file holds what they share — the schemas, and the six calls `memberGroupEndpoints` declares for a
 * kind with its own prefix, noun, id key, access, item, inputs and summaries. Server side:
 * apps/server/src/platform/member-groups.
 */

/** Most users an add/remove call takes at once. */
export const MEMBER_GROUP_BATCH_MAX = 500;
export const MEMBER_GROUP_NAME_MAX = 50;
export const MEMBER_GROUP_REMARK_MAX = 200;

/**
 * Back office (access `orPlatform`): an operator calling without the `pno` header lists every property's groups,
 * or `filterPno`'s; with the header it is ignored.
 */
export const filterPno = z.string().trim().max(64).optional();
/**
 * Back office: the property an operator without the `pno` header creates a group in; with the header it may be
 * left out, and a different one is "not found".
 */
export const backOfficePno = ref('property').optional();

/** Free-text search (`str`, as in SPEC's sw/getSwList); empty means no filter. */
export const searchText = () => z.string().trim().max(100).optional();

export const groupName = (max: number = MEMBER_GROUP_NAME_MAX) => z.string().trim().min(1).max(max);
export const remark = () => z.string().trim().max(MEMBER_GROUP_REMARK_MAX).default('');

/** Distinct user ids, 1 to MEMBER_GROUP_BATCH_MAX. */
export const uidList = () =>
  z
    .array(ref('user'))
    .min(1)
    .max(MEMBER_GROUP_BATCH_MAX)
    .transform((ids) => [...new Set(ids)]);

/** A user in a title, user set or customer. */
export const memberGroupUser = z.object({
  uid: z.string(),
  name: z.string(),
  phoneNum: z.string(),
  email: z.string().nullable(),
  /** The account's status: 1 enabled, 0 disabled. */
  status: flag(),
  /** When the user was added to the group (epoch ms). */
  addTime: z.number().int(),
});
export type MemberGroupUser = z.output<typeof memberGroupUser>;

/** The answers of the add/remove-users calls: how many memberships actually changed (0 on a repeat). */
export const addedCount = z.object({ added: z.number().int() });
export const removedCount = z.object({ removed: z.number().int() });

/** Who may call a group's calls: a property permission (groups are not limited to organisation subtrees). */
type GroupAccess = Access<never>;

/** The kind of object a group's id key names. */
const GROUP_KINDS: Record<string, RefKind> = { tid: 'title', usid: 'userSet', cid: 'customer' };
const groupKind = (key: string): RefKind => {
  const kind = GROUP_KINDS[key];
  if (!kind) throw new Error(`member group id key ${key} names no object kind (refs.ts)`);
  return kind;
};

/** `{ [key]: id() }`: the group's id field (`tid`, `usid`, `cid`). */
const idField = <K extends string>(key: K) => ({ [key]: ref(groupKind(key)) }) as Record<K, ReturnType<typeof id>>;

/** The group's id, optional (create) or given (edit) in its save call. */
export const optionalIdField = <K extends string>(key: K) =>
  ({ [key]: ref(groupKind(key)).optional() }) as Record<K, z.ZodOptional<ReturnType<typeof id>>>;

/** A list item of a group that operators also reach in the back office (titles, user sets). */
export const backOfficeGroupItem = <K extends string>(key: K) =>
  z.object({
    ...({ [key]: z.string() } as Record<K, z.ZodString>),
    /** The group's property (operators list across properties in the back office). */
    pno: z.string(),
    propertyName: z.string(),
    name: z.string(),
    remark: z.string(),
    /** Users in the group. */
    userCount: z.number().int(),
    createTime: z.number().int(),
    updateTime: z.number().int(),
  });

export interface MemberGroupSpec<
  P extends string,
  N extends string,
  K extends string,
  R extends GroupAccess,
  E extends GroupAccess,
  Item extends z.ZodType,
  ListIn extends z.ZodType,
  SaveIn extends z.ZodType,
> {
  /** The paths' prefix: `t`, `us`, `cu`. */
  prefix: P;
  /** The noun in the paths: `Title` gives t/getTitleList, t/addOrUpdateTitle, t/delTitle, t/getTitleUserList… */
  noun: N;
  /** The id field of every call: `tid`, `usid`, `cid`. */
  idKey: K;
  /** Reading needs the page; changing needs its `edit` function (catalogue.ts). */
  read: R;
  edit: E;
  item: Item;
  listInput: ListIn;
  saveInput: SaveIn;
  summaries: { list: string; save: string; del: string; users: string; add: string; remove: string };
}

/** The six calls of a member group (list, save, delete, member list, add members, remove members). */
export function memberGroupEndpoints<
  const P extends string,
  const N extends string,
  const K extends string,
  R extends GroupAccess,
  E extends GroupAccess,
  Item extends z.ZodType,
  ListIn extends z.ZodType,
  SaveIn extends z.ZodType,
>(spec: MemberGroupSpec<P, N, K, R, E, Item, ListIn, SaveIn>) {
  const { prefix: p, noun: n, idKey: k, read, edit, summaries } = spec;
  return group(
    defineEndpoint({
      method: 'GET',
      path: `${p}/get${n}List` as const,
      summary: summaries.list,
      access: read,
      input: spec.listInput,
      output: pageOf(spec.item),
    }),
    defineEndpoint({
      method: 'POST',
      path: `${p}/addOrUpdate${n}` as const,
      summary: summaries.save,
      access: edit,
      input: spec.saveInput,
      output: z.object({ [k]: z.string() } as Record<K, z.ZodString>),
    }),
    defineEndpoint({
      method: 'POST',
      path: `${p}/del${n}` as const,
      summary: summaries.del,
      access: edit,
      input: z.object({ ...idField(k), force: flag().default(0) }),
      output: removedCount,
    }),
    defineEndpoint({
      method: 'GET',
      path: `${p}/get${n}UserList` as const,
      summary: summaries.users,
      access: read,
      input: pageQuery().extend({ ...idField(k), str: searchText() }),
      output: pageOf(memberGroupUser),
    }),
    defineEndpoint({
      method: 'POST',
      path: `${p}/add${n}User` as const,
      summary: summaries.add,
      access: edit,
      input: z.object({ ...idField(k), uidList: uidList() }),
      output: addedCount,
    }),
    defineEndpoint({
      method: 'POST',
      path: `${p}/del${n}User` as const,
      summary: summaries.remove,
      access: edit,
      input: z.object({ ...idField(k), uidList: uidList() }),
      output: removedCount,
    }),
  );
}

/**
 * A group that operators also reach in the back office (access `orPlatform`): without `pno` the list spans every
 * property (or `filterPno`'s) and a new group names its property in the body. Reading needs the page
 * `permission`; changing needs its `edit` function (catalogue.ts).
 */
export const backOfficeGroupEndpoints = <const P extends string, const N extends string, const K extends string>(
  spec: Pick<
    MemberGroupSpec<P, N, K, GroupAccess, GroupAccess, z.ZodType, z.ZodType, z.ZodType>,
    'prefix' | 'noun' | 'idKey' | 'summaries'
  > & {
    permission: string;
  },
) =>
  memberGroupEndpoints({
    prefix: spec.prefix,
    noun: spec.noun,
    idKey: spec.idKey,
    read: { kind: 'property', permission: spec.permission, orPlatform: true },
    edit: { kind: 'property', permission: `${spec.permission}.edit`, orPlatform: true },
    item: backOfficeGroupItem(spec.idKey),
    listInput: pageQuery().extend({ ...optionalIdField(spec.idKey), str: searchText(), filterPno }),
    saveInput: z.object({ ...optionalIdField(spec.idKey), pno: backOfficePno, name: groupName(), remark: remark() }),
    summaries: spec.summaries,
  });
