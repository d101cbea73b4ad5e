import type { OrgRequest, RequestStatus } from '@keel/contract/endpoints/org';
import type { Db } from '../../platform/db/connect';
import { propertyTenant } from '../../platform/tenancy/tenant';
import * as repo from './repo';
import { rootId } from './scope';
import type { OrgRequestsTable } from './tables';

/** What invitations and join requests share: the read status and the console's rendering. */

export const effectiveStatus = (r: { status: string; expires_at: number | null }, now: number): RequestStatus =>
  r.status === 'pending' && r.expires_at !== null && r.expires_at <= now ? 'expired' : (r.status as RequestStatus);

export async function renderRequests(
  db: Db,
  prop: { pno: string; name: string },
  rows: OrgRequestsTable[],
  now: number,
): Promise<OrgRequest[]> {
  const uids = new Set<string>();
  for (const r of rows) for (const u of [r.uid, r.inviter_uid, r.reviewer_uid]) if (u) uids.add(u);
  const [names, nodes] = await Promise.all([
    repo.namesOf(db, [...uids]),
    repo.nodeNames(
      db,
      propertyTenant(prop.pno),
      rows.flatMap((r) => (r.oid ? [r.oid] : [])),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: effectiveStatus(r, now),
    pno: r.pno,
    propertyName: prop.name,
    phoneNum: r.phone,
    uid: r.uid,
    name: r.uid ? (names.get(r.uid) ?? null) : null,
    oid: r.oid && nodes.has(r.oid) ? r.oid : rootId(prop.pno),
    orgName: (r.oid && nodes.get(r.oid)) || prop.name,
    remark: r.remark,
    inviterUid: r.inviter_uid,
    inviterName: r.inviter_uid ? (names.get(r.inviter_uid) ?? null) : null,
    reviewerUid: r.reviewer_uid,
    reviewerName: r.reviewer_uid ? (names.get(r.reviewer_uid) ?? null) : null,
    createTime: r.created_at,
    decideTime: r.decided_at,
    expireTime: r.expires_at,
  }));
}
