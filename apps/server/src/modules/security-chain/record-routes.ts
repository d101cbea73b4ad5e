import { securityRecordEndpoints } from '@keel/contract/endpoints/security-records';
import { contribution } from '../../platform/extension-points';
import { defineModule } from '../../platform/http/mount';
import { operatorScope, operatorView } from '../../platform/tenancy/tenant';
import { actionKinds } from '../device-action/kinds';
import { callerOf } from './caller';
import * as records from './records';
import * as routed from './routed';
import { securityCommandActionKind } from './routed-kind';
import * as routedPlat from './routed-plat';

/**
 * The security chain's records and routed commands (`seclink/channel/…`; the operators' across properties too), and
 * the routed commands' device action kind (`securityCommand`, delivered through Keel's commands resource). Model:
 * README.md "Security routes and records".
 */
export const securityRecordModule = defineModule(
  securityRecordEndpoints,
  (s) => {
    s.jobs.register(routed.ROUTED_EXPIRE_JOB, (payload) => routed.runRoutedExpiry(s, payload));
    return {
      'seclink/channel/getFuncRecordList': async (input, ctx) => records.listRecords(s, callerOf(ctx), input),
      'seclink/channel/getFuncRecordDeviceList': async (input, ctx) =>
        records.listRecordDevices(s, callerOf(ctx), input),
      'seclink/channel/getCmdRecordList': async (input, ctx) => routed.listCommands(s, callerOf(ctx), input),
      'seclink/channel/sendFuncCommand': async (input, ctx) => {
        const item = await routed.sendCommand(s, callerOf(ctx), input);
        ctx.audit.target = item.cmdId;
        return item;
      },
      'seclink/channel/cancelFuncCommand': async (input, ctx) => {
        ctx.audit.target = input.cmdId;
        return routed.cancelCommand(s, callerOf(ctx), input.cmdId);
      },
      'seclink/channel/getFuncCommand': async (input, ctx) => routed.getCommand(s, callerOf(ctx), input.cmdId),
      'seclink/channel/getAllCmdRecordList': async (input, ctx) =>
        routedPlat.listAllCommands(s, operatorView(ctx, input.filterPno), ctx.locale, input),
      'seclink/channel/cancelAnyFuncCommand': async (input, ctx) => {
        ctx.audit.target = input.cmdId;
        return routedPlat.cancelAnyCommand(s, operatorScope(ctx), ctx.locale, input.cmdId);
      },
    };
  },
  { contributes: [contribution(actionKinds, securityCommandActionKind)] },
);
