import type { Db } from '../../platform/db/connect';
import * as repo from './repo';

/** Member reads other modules (user) build on: the same queries as the organisation page's. No SQL here. */

export type MemberFilter = repo.MemberFilter;
export type MemberRow = Awaited<ReturnType<typeof repo.memberRows>>[number];

export const pageMembers = repo.pageMembers;
/** Several memberships in one query. */
export const findMembers = (db: Db, pno: string, uids: readonly string[]) => repo.findMembers(db, pno, uids);
export const findMember = (db: Db, pno: string, uid: string) => repo.findMember(db, pno, uid);
export const findProperty = (db: Db, pno: string) => repo.findProperty(db, pno);
