import { securitySettingEndpoints } from '@keel/contract/endpoints/security-settings';
import { securityTokenEndpoints, TOKEN_ISSUES_PER_MINUTE } from '@keel/contract/endpoints/security-tokens';
import { contribution } from '../../platform/extension-points';
import { defineModule } from '../../platform/http/mount';
import { ddiRoutes } from '../device/extensions';
import { callerOf } from './caller';
import { securityDeviceRoutes } from './device-routes';
import { issueFuncToken } from './issue';
import { getSetting, saveSetting } from './security-settings';

/** The token settings (`security/`): the algorithm, the lifetime and the certificates. README "The proof a device checks". */
export const securitySettingModule = defineModule(securitySettingEndpoints, (s) => ({
  'security/getSecuritySetting': async (_input, ctx) => getSetting(s, callerOf(ctx).t),
  'security/saveSecuritySetting': async (input, ctx) => {
    const c = callerOf(ctx);
    ctx.audit.target = c.t.pno;
    return saveSetting(s, c, input);
  },
}));

/**
 * Short-lived function authorisations (`seclink/channel/issueFuncToken`) for the console, and the device API's
 * certificate, check and use routes (DDI and Mender). README "The decision", "The proof a device checks".
 */
export const securityTokenModule = defineModule(
  securityTokenEndpoints,
  (s) => ({
    'seclink/channel/issueFuncToken': async (input, ctx) => {
      const c = callerOf(ctx);
      // Each ask is a decision, a signature and a record: a member's allowance per minute.
      s.limiter.hit(`security:issue:${c.t.pno}:${c.uid}`, { limit: TOKEN_ISSUES_PER_MINUTE, windowMs: 60_000 });
      ctx.audit.target = `${input.funcId}@${input.deviceId}`;
      const issued = await issueFuncToken(s, c, input);
      ctx.audit.target = issued.recordId;
      return issued;
    },
  }),
  { contributes: securityDeviceRoutes.map((route) => contribution(ddiRoutes, route)) },
);
