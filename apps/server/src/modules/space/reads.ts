import type { Db } from '../../platform/db/connect';
import * as repo from './repo';

/**
 * The space reads other modules build on (permission names an administrator's spaces and checks that assigned ids
 * are the property's). This file imports no other module, so any module may use it without an import cycle. No SQL.
 */
export function spaceNames(db: Db, pno: string, sids: readonly string[]): Promise<Map<string, string>> {
  return repo.spaceNames(db, pno, sids);
}
