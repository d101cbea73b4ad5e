import { firmwareEndpoints } from '@keel/contract/endpoints/firmware';
import { contribution } from '../../platform/extension-points';
import { defineModule } from '../../platform/http/mount';
import { tenantOf } from '../../platform/tenancy/tenant';
import { fileUseChecks } from '../file/service';
import { groupItemCounters } from '../space/service';
import * as deltas from './deltas';
import * as service from './service';

/** Firmware packages (`sw/`, `up/`) and differential packages (`dp/`). Model: README.md. */
export const firmwareModule = defineModule(
  firmwareEndpoints,
  (s) => {
    s.jobs.register(deltas.DELTA_JOB, (payload, ctx) => deltas.runDeltaJob(s, payload, ctx));
    return {
      'sw/getSwList': async (input, ctx) => service.listPackages(s, ctx, input),
      'sw/getSwInfo': async (input, ctx) => service.packageInfo(s, ctx, input.id),
      'sw/getSwTypeList': async (_input, ctx) => service.typeList(s, ctx),
      'sw/addSw': async (input, ctx) => {
        const id = await service.addPackage(s, ctx, input);
        ctx.audit.target = id;
        return { id };
      },
      'sw/editSw': async (input, ctx) => {
        ctx.audit.target = input.id;
        return service.editPackage(s, ctx, input);
      },
      'sw/delSw': async (input, ctx) => {
        ctx.audit.target = input.id;
        return { deleted: await service.deletePackage(s, ctx, input.id) };
      },
      'sw/setSwPublished': async (input, ctx) => {
        ctx.audit.target = input.id;
        return service.setPublished(s, ctx, input.id, input.published);
      },
      'sw/pushSwToCustomer': async (input, ctx) => {
        ctx.audit.target = input.id;
        return service.pushToCustomers(s, ctx, input.id, input.cidList);
      },
      'sw/getSwKeys': async (_input, ctx) => service.keys(s, ctx),
      'sw/saveSwKeys': async (input, ctx) => {
        ctx.audit.target = tenantOf(ctx).pno;
        return service.saveKeys(s, ctx, input);
      },
      'up/getUpgradeSwList': async (input, ctx) => service.upgradeList(s, ctx, input),
      'up/getUpgradeRecordList': async (input, ctx) => service.upgradeRecords(s, ctx, input),
      'up/getDeviceVersionStats': async (input, ctx) => service.deviceVersionStats(s, ctx, input.modelId),
      'dp/getSwDiffPackList': async (input, ctx) => deltas.listDeltas(s, ctx, input),
      'dp/addSwDiffPack': async (input, ctx) => {
        const item = await deltas.addDelta(s, ctx, input);
        ctx.audit.target = item.id;
        return item;
      },
      'dp/delSwDiffPack': async (input, ctx) => {
        ctx.audit.target = input.idList.join(',').slice(0, 200);
        return { deleted: await deltas.deleteDeltas(s, ctx, input.idList) };
      },
    };
  },
  {
    contributes: [
      // Group trees count their packages; a file a package holds cannot be deleted.
      contribution(groupItemCounters, { kind: 'firmware', count: service.packagesPerGroup }),
      contribution(fileUseChecks, service.fileUse),
    ],
  },
);
