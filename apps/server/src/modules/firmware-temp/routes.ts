import { firmwareTempEndpoints } from '@keel/contract/endpoints/firmware-temp';
import { contribution } from '../../platform/extension-points';
import { defineModule } from '../../platform/http/mount';
import { actionKinds } from '../device-action/kinds';
import { tempActionKind } from './delivery';
import * as service from './service';

/**
 * The temporary firmware service (`t/…Task…`, `f/`, `d/`). Model: README.md. Its devices' actions are device
 * actions, given to devices by modules/device-action (actions.ts, delivery.ts).
 */
export const firmwareTempModule = defineModule(
  firmwareTempEndpoints,
  (s) => ({
    't/getTaskList': async (input, ctx) => service.listTasks(s, ctx, input, false),
    't/getMyTaskList': async (input, ctx) => service.listTasks(s, ctx, input, true),
    't/addTask': async (input, ctx) => service.addTask(s, ctx, input),
    't/assignTask': async (input, ctx) => service.assignTask(s, ctx, input),
    't/cancelTask': async (input, ctx) => service.cancelTask(s, ctx, input.taskId),
    't/delTask': async (input, ctx) => ({ deleted: await service.deleteTask(s, ctx, input.taskId) }),
    't/getTaskResultList': async (input, ctx) => service.listResults(s, ctx, input),
    'f/uploadFile': async (input, ctx) => service.addFile(s, ctx, input),
    'f/getFileInfoList': async (input, ctx) => service.listFiles(s, ctx, input),
    'f/delFileInfo': async (input, ctx) => ({ deleted: await service.deleteFile(s, ctx, input.id) }),
    'd/getDeviceList': async (input, ctx) => service.listDevices(s, ctx, input),
    'd/addDevice': async (input, ctx) => service.addDevices(s, ctx, input),
    'd/delDevice': async (input, ctx) => ({ deleted: await service.deleteDevice(s, ctx, input.deviceId) }),
  }),
  { contributes: [contribution(actionKinds, tempActionKind)] },
);
