import type { ActionKind } from '../device-action/service';
import * as repo from './repo';

/**
 * Commands as device actions (modules/device-action): one action per device of a command, its campaign the
 * command. A command whose last open action ends is finished.
 */
export const commandActions: ActionKind = {
  kind: 'command',
  priority: 0,
  async campaignEnded(db, tenant, cmdId, now) {
    await repo.endCommand(db, tenant, cmdId, 'finished', now);
  },
};
