import { z } from 'zod';
import { type Access, defineEndpoint, group } from '../endpoint';
import { flag, type id, pageOf, pageQuery } from '../envelope';
import { type RefKind, ref } from '../refs';
import {
  addedCount,
  backOfficePno,
  directoryMember,
  filterPno,
  groupName,
  remark,
  removedCount,
  searchText,
  uidList,
} from './directory';

/**
 * The six calls of a member group: titles (`t/`), user sets (`us/`) and customers (`cu/`) are each a named group
 * of the property's members, declared by `memberGroupEndpoints` with their own prefix, noun, id key, access,
 * item, inputs and summaries. Server side: apps/server/src/platform/member-groups.
 */

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
  R extends Access,
  E extends Access,
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
  R extends Access,
  E extends Access,
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
      output: pageOf(directoryMember),
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
    MemberGroupSpec<P, N, K, Access, Access, z.ZodType, z.ZodType, z.ZodType>,
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
