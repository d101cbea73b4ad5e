import type { OrgRequest, RequestStatus } from '@keel/contract/endpoints/org';
import type { Locale } from '@keel/contract/status';
import type { Db } from '../../platform/db/connect';
import type { OrgRequestsTable } from '../../platform/db/schema';
import type { NewsText } from '../../platform/news/notify';
import * as repo from './repo';
import { rootId } from './scope';

/** What invitations and join requests share: message texts, the read status, the console's rendering. */

export const both = (zh: [string, string], en: [string, string]): Record<Locale, NewsText> => ({
  'zh-cn': { title: zh[0], content: zh[1] },
  en: { title: en[0], content: en[1] },
});

/** An invitation is sent again (message, SMS, code) at most this often. */

export const inviteText = (propertyName: string, inviterName: string, orgName: string) =>
  both(
    [
      `邀请你加入「${propertyName}」`,
      `${inviterName} 邀请你加入物业「${propertyName}」（${orgName}），请在 7 天内接受或拒绝。`,
    ],
    [
      `Invitation to join ${propertyName}`,
      `${inviterName} invited you to join the property ${propertyName} (${orgName}). Accept or decline within 7 days.`,
    ],
  );

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
      prop.pno,
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
