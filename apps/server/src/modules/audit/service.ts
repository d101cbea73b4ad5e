import type { AuditRecord } from '@keel/contract/endpoints/audit';
import type { Services } from '../../platform/services';
import type { AllTenants } from '../../platform/tenancy/tenant';
import * as repo from './repo';

/** The audit log for the back office (operators only; the handle proves the check). No SQL, no HTTP. */

type Row = Awaited<ReturnType<typeof repo.listAudit>>['rows'][number];

const toRecord = (r: Row): AuditRecord => ({
  seq: String(r.seq),
  time: Number(r.at),
  actorUid: r.actor_uid,
  actorName: r.actor_name,
  actorPhoneNum: r.actor_phone,
  pno: r.pno,
  propertyName: r.property_name,
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
  const { rows, total } = await repo.listAudit(
    s.db,
    {
      pno: input.filterPno,
      actor: input.actor,
      endpoint: input.endpoint,
      from: input.startTime,
      to: input.endTime,
      result: input.result,
    },
    input.pageNum,
    input.pageSize,
  );
  return { list: rows.map(toRecord), total, pageNum: input.pageNum, pageSize: input.pageSize };
}
