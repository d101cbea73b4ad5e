import { deviceAuthEndpoints, DEVICE_AUTH_PERMISSIONS as P } from '@keel/contract/endpoints/security-device-auth';
import { defineModule } from '../../platform/http/mount';
import { callerOf } from './caller';
import * as auths from './device-auths';

/** Device-function authorisations of the security chain (`da/`). Model: README.md "Device-function authorisations". */
export const deviceAuthModule = defineModule(deviceAuthEndpoints, (s) => ({
  'da/getAuthDeviceList': async (input, ctx) => auths.listDeviceAuths(s, callerOf(ctx), input),
  'da/addDeviceFuncAuth': async (input, ctx) => {
    const out = await auths.addDeviceAuths(s, callerOf(ctx), input);
    ctx.audit.target = out.list
      .map((a) => a.authId)
      .join(',')
      .slice(0, 500);
    return out;
  },
  'da/updateDeviceFuncAuth': async (input, ctx) => {
    ctx.audit.target = input.authId;
    return auths.updateDeviceAuth(s, callerOf(ctx), input, [P.edit]);
  },
  'da/delDeviceFuncAuth': async (input, ctx) => {
    ctx.audit.target = input.authId;
    return { deleted: await auths.deleteDeviceAuth(s, callerOf(ctx), input.authId, [P.edit]) };
  },
  'da/setAuthDeviceDisable': async (input, ctx) => {
    ctx.audit.target = input.authId;
    return auths.setDeviceAuthDisabled(s, callerOf(ctx), input, [P.edit]);
  },
  'da/getDeviceFuncAuth': async (input, ctx) => auths.deviceFuncs(s, callerOf(ctx), input, [P.read, P.detail]),
  'da/getAuthDevicePickList': async (input, ctx) => auths.pickerDevices(s, callerOf(ctx), input),
  'da/getAuthGroupSpaceList': async (_input, ctx) => ({ list: await auths.groupSpaces(s, callerOf(ctx)) }),
}));
