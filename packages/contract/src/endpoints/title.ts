import type { z } from 'zod';
import { backOfficeGroupEndpoints, backOfficeGroupItem } from './member-group';

export const titleItem = backOfficeGroupItem('tid');
export type TitleItem = z.output<typeof titleItem>;

/**
 * Titles (job titles users hold, usable as authorisation targets). Every call also serves the back office
 * (`/Account/BackTitlePage`): an operator without `pno` reaches any property's titles. Model:
 * apps/server/src/modules/title/README.md.
 */
export const titleEndpoints = backOfficeGroupEndpoints({
  prefix: 't',
  noun: 'Title',
  idKey: 'tid',
  permission: 'account.title',
  summaries: {
    list: "The property's titles, newest first (operators without `pno`: every property's, or `filterPno`'s); `str` searches name and remark; `tid` picks one",
    save: 'Create a title (operators without `pno` name the property in the body), or edit it when `tid` is given; names are unique in the property',
    del: 'Delete a title; one still held by users is refused unless `force` is 1, which removes them too',
    users: 'The users holding a title, latest added first; `str` searches name, phone and e-mail',
    add: 'Give a title to members of the property (idempotent: holders are skipped)',
    remove: 'Take a title from users (idempotent: non-holders are skipped)',
  },
});
