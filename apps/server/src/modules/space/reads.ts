import type { Db } from '../../platform/db/connect';
import { propertyTenant } from '../../platform/tenancy/tenant';
import * as groupRepo from './group-repo';
import * as repo from './repo';

/**
 * The space reads other modules build on (permission names an administrator's spaces and checks that assigned ids
 * are the property's). This file imports no other module, so any module may use it without an import cycle. No SQL.
 */
export function spaceNames(db: Db, pno: string, sids: readonly string[]): Promise<Map<string, string>> {
  return repo.spaceNames(db, pno, sids);
}

/** The space a group id names in the property (the files module checks a file's group): null when none. */
export async function spaceOfGroupId(db: Db, pno: string, groupId: string): Promise<string | null> {
  return (await groupRepo.spaceOfGroup(db, propertyTenant(pno), groupId))?.sid ?? null;
}

/** The property's spaces a member owns (`uid`): the files module lists their files. */
export async function spacesOwnedBy(db: Db, pno: string, uid: string): Promise<string[]> {
  return repo.spacesOwnedBy(db, pno, uid);
}
