import { appPlatformEndpoints } from '@keel/contract/endpoints/app-platform';
import { defineModule } from '../../platform/http/mount';
import * as platformApps from './platform-apps';

/** Platform apps of the app store (`platform/`): README "Platform apps". */
export const appPlatformModule = defineModule(appPlatformEndpoints, (s) => ({
  'platform/getPlatformAppList': async (input, ctx) => platformApps.listPlatformApps(s, ctx, input),
  'platform/addPlatformApp': async (input, ctx) => {
    ctx.audit.target = input.appId;
    return platformApps.addPlatformApp(s, ctx, input.appId);
  },
  'platform/removePlatformApp': async (input, ctx) => {
    ctx.audit.target = input.appId;
    return platformApps.removePlatformApp(s, ctx, input.appId);
  },
}));
