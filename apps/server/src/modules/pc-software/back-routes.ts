import { pcSoftwarePlatformEndpoints } from '@keel/contract/endpoints/pc-software';
import { requireUser } from '../../platform/http/context';
import { defineModule } from '../../platform/http/mount';
import { operatorScope, operatorView } from '../../platform/tenancy/tenant';
import * as platform from './platform-tools';

/**
 * The operators' calls of the PC software store across properties (BackToolsRepository, BackToolsReleasePage,
 * BackMainToolsPlatformPage, BackBusinessGrantPage). Model: README.md "Platform main tools".
 */
export const pcSoftwarePlatformModule = defineModule(pcSoftwarePlatformEndpoints, (s) => ({
  'soft/getAllSoftInfoList': async (input, ctx) => platform.listAllSoft(s, operatorView(ctx, input.filterPno), input),
  'softVersion/getAllReleasedVersionList': async (input, ctx) =>
    platform.listAllReleased(s, operatorView(ctx, input.filterPno), ctx.locale, input),
  'soft/getPlatformMainToolList': async (input, ctx) =>
    platform.listPlatformMainTools(s, operatorView(ctx, input.filterPno), input),
  'soft/setPlatformMainTool': async (input, ctx) => {
    ctx.audit.target = input.softId;
    return platform.setPlatformMainTool(s, operatorScope(ctx), input);
  },
  'soft/getPlatformGrantList': async (input, ctx) => platform.listGrants(s, operatorScope(ctx), input),
  'soft/grantPlatformMainTool': async (input, ctx) => {
    ctx.audit.target = `${input.softId}:${input.grantPno}`;
    return platform.grant(s, operatorScope(ctx), requireUser(ctx).uid, input);
  },
  'soft/revokePlatformMainTool': async (input, ctx) => {
    ctx.audit.target = `${input.softId}:${input.grantPno}`;
    return { deleted: await platform.revoke(s, operatorScope(ctx), input) };
  },
}));
