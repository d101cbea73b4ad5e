import { deviceBindEndpoints, deviceEndpoints } from '@keel/contract/endpoints/device';
import { deviceCatalogueEndpoints } from '@keel/contract/endpoints/device-catalogue';
import { contribution } from '../../platform/extension-points';
import { defineModule } from '../../platform/http/mount';
import { groupItemCounters } from '../space/service';
import * as catalogue from './catalogue';
import * as enrolment from './enrolment';
import { devicesOfLeaver } from './leave';
import * as polling from './poll-settings';
import * as devices from './service';

/** Devices: the registry, admission, binding and the catalogue (README.md). The device API: ddi-routes.ts. */
export const deviceModule = defineModule(
  { ...deviceEndpoints, ...deviceBindEndpoints, ...deviceCatalogueEndpoints },
  (s) => {
    return {
      'di/getDeviceFilterList': async (input, ctx) => devices.filterOptions(s, ctx, input.filterPno),
      'di/getMyDeviceList': async (input, ctx) => devices.listMyDevices(s, ctx, input),
      'di/getAllDeviceList': async (input, ctx) => devices.listDevices(s, ctx, input),
      'di/getMyDeviceInfo': async (input, ctx) => devices.myDeviceInfo(s, ctx, input.deviceId),
      'di/getAnyDeviceInfo': async (input, ctx) => devices.deviceInfo(s, ctx, input.deviceId),
      'di/getOsTypeList': async (_input, ctx) => devices.osTypeList(ctx),
      'di/registerDevice': async (input, ctx) => devices.register(s, ctx, input),
      'di/updateDeviceInfo': async (input, ctx) => devices.update(s, ctx, input),
      'di/delDevice': async (input, ctx) => devices.remove(s, ctx, input.deviceIdList),
      'di/resetDeviceCredential': async (input, ctx) => devices.resetCredential(s, ctx, input.deviceId),
      'di/admitDevice': async (input, ctx) => devices.admit(s, ctx, input.deviceIdList, input.accept),
      'di/admitDeviceKey': async (input, ctx) => devices.admitKey(s, ctx, input.deviceId, input.accept),
      'di/getEnrolmentKeyInfo': async (_input, ctx) => enrolment.keyInfo(s, ctx),
      'di/resetEnrolmentKey': async (_input, ctx) => enrolment.resetKey(s, ctx),
      'di/disableEnrolmentKey': async (_input, ctx) => enrolment.disableKey(s, ctx),
      'di/getPollSettings': async (_input, ctx) => polling.settings(s, ctx),
      'di/savePollSettings': async (input, ctx) => polling.saveSettings(s, ctx, input),
      'di/getPollBounds': async () => polling.bounds(s),
      'di/savePollBounds': async (input, ctx) => polling.saveBoundsOf(s, ctx, input),
      'db/bindDevice': async (input, ctx) => devices.bindDevices(s, ctx, input.bindList),
      'db/unbindDevice': async (input, ctx) => devices.unbindDevices(s, ctx, input.deviceIdList),
      'dm/getDeviceModelList': async (input, ctx) => catalogue.listModels(s, ctx, input),
      'dm/addDeviceModel': async (input, ctx) => catalogue.saveModel(s, ctx, input),
      'dm/delDeviceModel': async (input, ctx) => catalogue.delModel(s, ctx, input.modelId),
      'dm/getDevicePlatformList': async (input, ctx) => catalogue.listPlatforms(s, ctx, input),
      'dm/addDevicePlatform': async (input, ctx) => catalogue.savePlatform(s, ctx, input),
      'dm/delDevicePlatform': async (input, ctx) => catalogue.delPlatform(s, ctx, input.platformId),
      'dm/getDeviceTypeList': async (input, ctx) => catalogue.listTypes(s, ctx, input),
      'dm/addDeviceType': async (input, ctx) => catalogue.saveType(s, ctx, input),
      'dm/delDeviceType': async (input, ctx) => catalogue.delType(s, ctx, input.typeId),
    };
  },
  {
    // Group trees count their devices (sg/getGroupTree includeDeviceNum), and a group holding some stays.
    // A member leaving the property leaves their devices unbound (org/leave.ts).
    contributes: [contribution(groupItemCounters, { kind: 'device', count: devices.devicesPerGroup }), devicesOfLeaver],
  },
);
