import type { Db } from '../../platform/db/connect';
import { memberGroupService, plainGroupRules } from '../member-group/service';
import { removeUserFromTitles, titles } from './repo';

export type { Scope } from '../member-group/service';

/**
 * The rules of titles (README.md): those of every member group (modules/member-group) — a unique name, delete
 * refused while held unless forced, holders are members of the title's property, operators reach any property's
 * titles from the back office.
 */
export const titleService = memberGroupService(titles, plainGroupRules);

/** Removes the user from every one of these groups in the property (they leave it; called in its transaction). */
export const removeUserFromTitlesOf = (db: Db, pno: string, uid: string) => removeUserFromTitles(db, pno, uid);
