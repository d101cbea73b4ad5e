import { z } from 'zod';
import { defineEndpoint, group } from '../endpoint';
import { flag, id, pageOf, pageQuery } from '../envelope';
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

/** Reading needs the page; changing needs its `edit` function (catalogue.ts). */
const read = { kind: 'property', permission: 'account.userSet', orPlatform: true } as const;
const edit = { kind: 'property', permission: 'account.userSet.edit', orPlatform: true } as const;

export const userSetItem = z.object({
  usid: z.string(),
  /** The set's property (operators list across properties in the back office). */
  pno: z.string(),
  propertyName: z.string(),
  name: z.string(),
  remark: z.string(),
  /** Users in the set. */
  userCount: z.number().int(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type UserSetItem = z.output<typeof userSetItem>;

/**
 * User sets (ad-hoc named groups of members, usable as authorisation targets). SPEC does not give the methods:
 * reads are GET, changes POST, as spec/endpoints.tsv lists them. Every call also serves the back office
 * (`/Account/BackUserSetPage`): an operator without `pno` reaches any property's sets. Model:
 * apps/server/src/modules/user-set/README.md.
 */
export const userSetEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'us/getUserSetList',
    summary:
      "The property's user sets, newest first (operators without `pno`: every property's, or `filterPno`'s); `str` searches name and remark",
    access: read,
    input: pageQuery().extend({ str: searchText(), filterPno }),
    output: pageOf(userSetItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'us/addOrUpdateUserSet',
    summary:
      'Create a user set (operators without `pno` name the property in the body), or edit it when `usid` is given; names are unique in the property',
    access: edit,
    input: z.object({ usid: id().optional(), pno: backOfficePno, name: groupName(), remark: remark() }),
    output: z.object({ usid: z.string() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'us/delUserSet',
    summary: 'Delete a user set; one that still has users is refused unless `force` is 1, which removes them too',
    access: edit,
    input: z.object({ usid: id(), force: flag().default(0) }),
    output: removedCount,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'us/getUserSetUserList',
    summary: 'The users in a set, latest added first; `str` searches name, phone and e-mail',
    access: read,
    input: pageQuery().extend({ usid: id(), str: searchText() }),
    output: pageOf(directoryMember),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'us/addUserSetUser',
    summary: 'Add members of the property to a set (idempotent: users already in it are skipped)',
    access: edit,
    input: z.object({ usid: id(), uidList: uidList() }),
    output: addedCount,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'us/delUserSetUser',
    summary: 'Remove users from a set (idempotent: users not in it are skipped)',
    access: edit,
    input: z.object({ usid: id(), uidList: uidList() }),
    output: removedCount,
  }),
);
