import { type AuditRecord, auditEndpoints } from '@keel/contract/endpoints/audit';
import { defineModule } from '../../platform/http/mount';
import * as repo from './repo';

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

/** The audit log for the back office (operators only): a read, so it is not itself recorded. */
export const auditModule = defineModule(auditEndpoints, (s) => ({
  'audit/getAuditRecordList': async (input) => {
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
  },
}));
