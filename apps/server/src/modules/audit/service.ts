import type { AuditRecord } from '@keel/contract/endpoints/audit';
import * as repo from '../../platform/audit/reads';
import { findUserHead, propertyNames, userHeads } from '../../platform/auth/reads';
import type { Services } from '../../platform/services';
import type { AllTenants } from '../../platform/tenancy/tenant';

/** The audit log for the back office (operators only; the handle proves the check). No SQL, no HTTP. */

type Row = Awaited<ReturnType<typeof repo.listAudit>>['rows'][number];
interface Names {
  users: Awaited<ReturnType<typeof userHeads>>;
  properties: Map<string, string>;
}

const toRecord = (r: Row, names: Names): AuditRecord => ({
  seq: String(r.seq),
  time: Number(r.at),
  actorUid: r.actor_uid,
  actorName: r.actor_uid === null ? null : (names.users.get(r.actor_uid)?.name ?? null),
  actorPhoneNum: r.actor_uid === null ? null : (names.users.get(r.actor_uid)?.phone ?? null),
  pno: r.pno,
  propertyName: r.pno === null ? null : (names.properties.get(r.pno) ?? null),
  endpoint: r.endpoint,
  target: r.target,
  result: Number(r.result),
  address: r.address,
});

export async function listRecords(
  s: Services,
  _operator: AllTenants,
  input: {
    filterPno?: string;
    actor?: string;
    endpoint?: string;
    startTime?: number;
    endTime?: number;
    result: number;
    pageNum: number;
    pageSize: number;
  },
) {
  // `actor` is a uid or a phone number: the records of either.
  const byPhone = input.actor ? await findUserHead(s.db, { phone: input.actor }) : undefined;
  const { rows, total } = await repo.listAudit(
    s.db,
    {
      pno: input.filterPno,
      actorUids: input.actor ? [input.actor, ...(byPhone ? [byPhone.uid] : [])] : undefined,
      endpoint: input.endpoint,
      from: input.startTime,
      to: input.endTime,
      result: input.result,
    },
    input.pageNum,
    input.pageSize,
  );
  const [users, properties] = await Promise.all([
    userHeads(
      s.db,
      rows.map((r) => r.actor_uid),
    ),
    propertyNames(
      s.db,
      rows.map((r) => r.pno),
    ),
  ]);
  return {
    list: rows.map((r) => toRecord(r, { users, properties })),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}
