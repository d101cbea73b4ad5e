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
const read = { kind: 'property', permission: 'account.title', orPlatform: true } as const;
const edit = { kind: 'property', permission: 'account.title.edit', orPlatform: true } as const;

export const titleItem = z.object({
  tid: z.string(),
  /** The title's property (operators list across properties in the back office). */
  pno: z.string(),
  propertyName: z.string(),
  name: z.string(),
  remark: z.string(),
  /** Users holding the title. */
  userCount: z.number().int(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type TitleItem = z.output<typeof titleItem>;

/**
 * Titles (job titles users hold, usable as authorisation targets). Every call also serves the back office
 * (`/Account/BackTitlePage`): an operator without `pno` reaches any property's titles. Model:
 * apps/server/src/modules/title/README.md.
 */
export const titleEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 't/getTitleList',
    summary:
      "The property's titles, newest first (operators without `pno`: every property's, or `filterPno`'s); `str` searches name and remark",
    access: read,
    input: pageQuery().extend({ str: searchText(), filterPno }),
    output: pageOf(titleItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 't/addOrUpdateTitle',
    summary:
      'Create a title (operators without `pno` name the property in the body), or edit it when `tid` is given; names are unique in the property',
    access: edit,
    input: z.object({ tid: id().optional(), pno: backOfficePno, name: groupName(), remark: remark() }),
    output: z.object({ tid: z.string() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 't/delTitle',
    summary: 'Delete a title; one still held by users is refused unless `force` is 1, which removes them too',
    access: edit,
    input: z.object({ tid: id(), force: flag().default(0) }),
    output: removedCount,
  }),
  defineEndpoint({
    method: 'GET',
    path: 't/getTitleUserList',
    summary: 'The users holding a title, latest added first; `str` searches name, phone and e-mail',
    access: read,
    input: pageQuery().extend({ tid: id(), str: searchText() }),
    output: pageOf(directoryMember),
  }),
  defineEndpoint({
    method: 'POST',
    path: 't/addTitleUser',
    summary: 'Give a title to members of the property (idempotent: holders are skipped)',
    access: edit,
    input: z.object({ tid: id(), uidList: uidList() }),
    output: addedCount,
  }),
  defineEndpoint({
    method: 'POST',
    path: 't/delTitleUser',
    summary: 'Take a title from users (idempotent: non-holders are skipped)',
    access: edit,
    input: z.object({ tid: id(), uidList: uidList() }),
    output: removedCount,
  }),
);
