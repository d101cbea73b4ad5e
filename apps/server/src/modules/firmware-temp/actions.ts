import type { ActionKind } from '../device-action/kinds';
import * as repo from './repo';

/**
 * Temporary firmware as device actions (modules/device-action): one action per device of a temporary task, its
 * campaign the task, given to devices as a hawkBit deployment of the task's file (delivery.ts). A task whose last
 * open action ends is finished.
 */
export const tempFirmwareActions: ActionKind = {
  kind: 'tempFirmware',
  priority: 0,
  async campaignEnded(db, tenant, taskId, now) {
    await repo.endTask(db, tenant, taskId, 'finished', now);
  },
};
