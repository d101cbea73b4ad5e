import { appInstallEndpoints } from '@keel/contract/endpoints/app-install';
import { contribution } from '../../platform/extension-points';
import { defineModule } from '../../platform/http/mount';
import { ddiRoutes } from '../device/extensions';
import { actionKinds } from '../device-action/kinds';
import { callerOf } from './caller';
import { deviceAppRoutes } from './device-apps';
import { deviceApps } from './installs';
import * as pushes from './pushes';

/**
 * Apps on devices (README "Devices"): the console's installed apps and pushes, and the device API's app list and
 * install reports (DDI and Mender), pushes given as device actions of kind `appInstall`.
 */
export const appInstallModule = defineModule(
  appInstallEndpoints,
  (s) => {
    s.jobs.register(pushes.PUSH_EXPIRE_JOB, (payload) => pushes.runPushExpiry(s, payload));
    return {
      'ai/getDeviceAppList': async (input, ctx) => deviceApps(s, ctx, input.deviceId),
      'av/pushAppVersion': async (input, ctx) => {
        const item = await pushes.pushVersion(s, ctx, callerOf(ctx, false), input);
        ctx.audit.target = item.pushId;
        return item;
      },
      'av/getAppPushList': async (input, ctx) => pushes.listPushes(s, callerOf(ctx, false), input),
      'av/getAppPushDeviceList': async (input, ctx) => pushes.listPushDevices(s, callerOf(ctx, false), input),
      'av/cancelAppPush': async (input, ctx) => {
        ctx.audit.target = input.pushId;
        return pushes.cancelPush(s, callerOf(ctx, false), input.pushId);
      },
    };
  },
  {
    contributes: [
      contribution(actionKinds, pushes.appInstallActionKind),
      ...deviceAppRoutes.map((route) => contribution(ddiRoutes, route)),
    ],
  },
);
