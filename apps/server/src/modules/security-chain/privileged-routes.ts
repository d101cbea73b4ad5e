import {
  PRIVILEGED_USER_PERMISSIONS as P,
  privilegedUserEndpoints,
} from '@keel/contract/endpoints/security-privileged';
import { defineModule } from '../../platform/http/mount';
import { callerOf } from './caller';
import * as privileged from './privileged';

/** Privileged users of the security chain (`pa/`). Model: README.md "Privileged users". */
export const privilegedUserModule = defineModule(privilegedUserEndpoints, (s) => ({
  'pa/getPrivilegedUserList': async (input, ctx) => privileged.listPrivileged(s, callerOf(ctx), input),
  'pa/addPrivilegedUser': async (input, ctx) => {
    const out = await privileged.addPrivileged(s, callerOf(ctx), input);
    ctx.audit.target = out.list
      .map((p) => p.privilegeId)
      .join(',')
      .slice(0, 500);
    return out;
  },
  'pa/setPrivilegedUserDisable': async (input, ctx) => {
    ctx.audit.target = input.privilegeId;
    return privileged.setPrivilegedDisabled(s, callerOf(ctx), input, [P.edit]);
  },
  'pa/delPrivilegedUser': async (input, ctx) => {
    ctx.audit.target = input.privilegeId;
    return { deleted: await privileged.deletePrivileged(s, callerOf(ctx), input.privilegeId, [P.edit]) };
  },
}));
