import type { Db } from '../db/connect';
import type { Grant } from './effective';

/**
 * What an administrator is granted in a property, read when platform/auth/property-context.ts computes permissions
 * it has not cached (a miss: a new administrator, or a changed `acl_version`), never once per request.
 */

/** An administrator's sets with each assignment's scope (one query: assignments, sets, scope rows). */
export async function loadGrants(db: Db, pno: string, uid: string): Promise<Grant[]> {
  const rows = await db
    .selectFrom('permission_set_admins as a')
    .innerJoin('permission_sets as s', 's.psid', 'a.psid')
    .leftJoin('admin_scopes as sc', (j) =>
      j.onRef('sc.psid', '=', 'a.psid').onRef('sc.uid', '=', 'a.uid').onRef('sc.pno', '=', 'a.pno'),
    )
    .select(['a.psid', 's.permissions', 'a.org_limited', 'a.space_limited', 'sc.kind', 'sc.ref_id'])
    .where('a.pno', '=', pno)
    .where('a.uid', '=', uid)
    .where('s.pno', '=', pno)
    .orderBy('a.psid')
    .execute();
  const grants = new Map<string, Grant & { orgs: string[] | null; spaces: string[] | null }>();
  for (const r of rows) {
    let g = grants.get(r.psid);
    if (!g) {
      g = {
        psid: r.psid,
        permissions: JSON.parse(r.permissions) as string[],
        orgs: r.org_limited === 1 ? [] : null,
        spaces: r.space_limited === 1 ? [] : null,
      };
      grants.set(r.psid, g);
    }
    if (r.kind === 'org' && g.orgs && r.ref_id) g.orgs.push(r.ref_id);
    if (r.kind === 'space' && g.spaces && r.ref_id) g.spaces.push(r.ref_id);
  }
  return [...grants.values()];
}
