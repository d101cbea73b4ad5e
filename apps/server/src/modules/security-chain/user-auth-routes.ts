import { USER_AUTH_PERMISSIONS as P, userAuthEndpoints } from '@keel/contract/endpoints/security-user-auth';
import { defineModule } from '../../platform/http/mount';
import { callerOf } from './caller';
import * as applications from './func-applications';
import * as userAuths from './user-auths';

/** User authorisations (`ua/`) and function applications. Model: README.md "User authorisations", "Applications". */
export const userAuthModule = defineModule(
  userAuthEndpoints,
  (s) => ({
    'ua/getUserAuthList': async (input, ctx) => userAuths.listUserAuths(s, callerOf(ctx), input),
    'ua/addUserAuth': async (input, ctx) => {
      const out = await userAuths.addUserAuths(s, callerOf(ctx), input);
      ctx.audit.target = out.list
        .map((a) => a.authId)
        .join(',')
        .slice(0, 500);
      return out;
    },
    'ua/setUserAuthDisable': async (input, ctx) => {
      ctx.audit.target = input.authId;
      return userAuths.setUserAuthDisabled(s, callerOf(ctx), input, [P.edit]);
    },
    'ua/delUserAuth': async (input, ctx) => {
      ctx.audit.target = input.authId;
      return { deleted: await userAuths.deleteUserAuth(s, callerOf(ctx), input.authId, [P.edit]) };
    },
    'ua/getApplyFuncList': async (input, ctx) => applications.listApplyFuncs(s, callerOf(ctx), input),
    'ua/applyFuncAuth': async (input, ctx) => {
      const out = await applications.applyForFunc(s, callerOf(ctx), input);
      ctx.audit.target = out.applyId;
      return out;
    },
  }),
  { contributes: [applications.securityFuncApplications] },
);
