import type { ActionKind } from '../device-action/kinds';

/**
 * Firmware update attempts as device actions (modules/device-action): each offer of a task to a device is an
 * action of kind `firmware`, its campaign the task, ahead of any temporary build in the device's queue; given to
 * devices as a hawkBit deployment (deployment.ts). The task itself ends by the rollout engine's judgement
 * (engine.ts), not when its actions do.
 */
export const firmwareActions: ActionKind = {
  kind: 'firmware',
  priority: 10,
  async campaignEnded() {},
};
