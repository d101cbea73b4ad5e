import { CMD_MESSAGE_MAX } from '@keel/contract/endpoints/command';
import type { ActionKind, Command, CommandKind, DeliveredKind } from '../device-action/kinds';
import * as repo from './repo';

/** A command's payload as stored (JSON text), as an object (anything else is an empty one). */
export const parseObject = (json: string): Record<string, unknown> => {
  try {
    const v: unknown = JSON.parse(json);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** Commands through Keel's commands resource (modules/device-action): an action's command, while it is active. */
const commandDelivery: CommandKind = {
  as: 'command',
  async describe(s, tenant, actions) {
    const commands = new Map(
      (
        await repo.commandsFor(
          s.db,
          tenant,
          actions.map((a) => a.source_id),
        )
      ).map((c) => [c.cmd_id, c]),
    );
    const out = new Map<number, Command>();
    for (const a of actions) {
      const c = commands.get(a.source_id);
      if (c?.state === 'active')
        out.set(Number(a.action_id), {
          type: c.type,
          name: c.name,
          payload: parseObject(c.payload),
          issuedAt: Number(c.created_at),
          expiresAt: Number(c.expires_at),
        });
    }
    return out;
  },
};

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

/** Commands as the device-action delivery gives them, through Keel's commands resource (contributed in routes.ts). */
export const commandActionKind: DeliveredKind = {
  ...commandActions,
  business: 'firmware',
  messageMax: CMD_MESSAGE_MAX,
  delivery: commandDelivery,
};
