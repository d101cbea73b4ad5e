import { auditEndpoints } from '@keel/contract/endpoints/audit';
import { defineModule } from '../../platform/http/mount';
import { operatorScope } from '../../platform/tenancy/tenant';
import * as audit from './service';

/** The audit log for the back office (operators only): a read, so it is not itself recorded. */
export const auditModule = defineModule(auditEndpoints, (s) => ({
  'audit/getAuditRecordList': async (input, ctx) => audit.listRecords(s, operatorScope(ctx), input),
}));
