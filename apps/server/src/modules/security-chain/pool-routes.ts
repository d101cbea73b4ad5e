import { GRANT_POOL_PERMISSIONS as P, securityPoolEndpoints } from '@keel/contract/endpoints/security-pools';
import { defineModule } from '../../platform/http/mount';
import { callerOf } from './caller';
import * as pools from './pools';
import * as whiteLists from './white-lists';

/**
 * Grant pools (`grantPool/`) and white lists (`whiteList/`) of the security chain. Model: README.md "Grant pools
 * and white lists". Every change is audited with the pool or the entries as its target.
 */
export const securityPoolModule = defineModule(securityPoolEndpoints, (s) => ({
  'grantPool/getGrantPoolList': async (input, ctx) => pools.listPools(s, callerOf(ctx), input),
  'grantPool/saveGrantPool': async (input, ctx) => {
    if (input.poolId) ctx.audit.target = input.poolId;
    const out = await pools.savePool(s, callerOf(ctx), input);
    ctx.audit.target = out.poolId;
    return out;
  },
  'grantPool/setGrantPoolDisable': async (input, ctx) => {
    ctx.audit.target = input.poolId;
    return pools.setPoolDisabled(s, callerOf(ctx), input, [P.pools]);
  },
  'grantPool/resetGrantPool': async (input, ctx) => {
    ctx.audit.target = input.poolId;
    return pools.resetPool(s, callerOf(ctx), input.poolId, [P.pools]);
  },
  'grantPool/deleteGrantPool': async (input, ctx) => {
    ctx.audit.target = input.poolId;
    return { deleted: await pools.deletePool(s, callerOf(ctx), input.poolId, [P.pools]) };
  },
  'whiteList/getWhiteList': async (input, ctx) => whiteLists.listEntries(s, callerOf(ctx), input),
  'whiteList/addWhiteList': async (input, ctx) => {
    const out = await whiteLists.addEntries(s, callerOf(ctx), input);
    ctx.audit.target = out.list
      .map((e) => e.entryId)
      .join(',')
      .slice(0, 500);
    return out;
  },
  'whiteList/delWhiteList': async (input, ctx) => {
    ctx.audit.target = input.entryId;
    return { deleted: await whiteLists.deleteEntry(s, callerOf(ctx), input.entryId, [P.whiteList]) };
  },
  'whiteList/getWhiteListDeviceList': async (input, ctx) => whiteLists.listDeviceChoices(s, callerOf(ctx), input),
}));
