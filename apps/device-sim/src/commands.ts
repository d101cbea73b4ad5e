/**
 * Keel's directives as a simulated device answers them (the DDI extension `keelCommands`, apps/server/src/modules/
 * command/README.md): when the poll links `keelCommands`, the device fetches its waiting commands, acts on each
 * and POSTs hawkBit-style feedback. A reboot, log upload, config push or custom command succeeds (a log upload
 * answers a few log lines; a config push is applied to the device's attributes); a factory reset succeeds too.
 * `CommandBehaviour` makes chosen types fail, or a share of all commands.
 */

export interface CommandBehaviour {
  /** Command types that always fail ("simulated failure"). */
  failTypes?: readonly string[];
  /** A share (0–1) of the other commands that fail. */
  failRate?: number;
}

export interface KeelCommand {
  id: string;
  type: string;
  name: string;
  payload: Record<string, unknown>;
  _links?: { feedback?: { href?: string } };
}

export interface CommandCounters {
  commands: number;
  commandFailures: number;
}

/** What the device answers to one command: success or failure, and its details. */
export function answer(
  command: KeelCommand,
  attributes: Record<string, string>,
  behaviour: CommandBehaviour,
  random: () => number = Math.random,
): { finished: 'success' | 'failure'; details: string[] } {
  if (
    behaviour.failTypes?.includes(command.type) ||
    (behaviour.failRate !== undefined && random() < behaviour.failRate)
  ) {
    return { finished: 'failure', details: [`simulated failure of ${command.type}`] };
  }
  switch (command.type) {
    case 'reboot':
      return { finished: 'success', details: ['rebooted'] };
    case 'logUpload':
      return {
        finished: 'success',
        details: [`boot ok, firmware ${attributes.firmwareVersion ?? 'unknown'}`, 'network up', 'agent polling'],
      };
    case 'configPush': {
      // The configuration's texts become attributes (reported at the next configData request).
      for (const [k, v] of Object.entries(command.payload)) {
        if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
          attributes[`config.${k}`] = String(v);
      }
      return { finished: 'success', details: [`applied ${Object.keys(command.payload).length} settings`] };
    }
    case 'factoryReset':
      return { finished: 'success', details: ['factory reset done'] };
    default:
      return { finished: 'success', details: [`ran ${command.name || command.type}`] };
  }
}

/** How the device answers a command that takes work of its own (an app store push: `appInstall`), if it can. */
export type CommandWorker = (
  command: KeelCommand,
) => Promise<{ finished: 'success' | 'failure'; details: string[] }> | null;

/**
 * Follows the poll's `keelCommands` link: fetches the commands and answers each (`worker` takes those it knows,
 * `answer` the rest); `answered` hears of each answer the server took.
 */
export async function runCommands(
  href: string,
  authorization: string,
  attributes: Record<string, string>,
  behaviour: CommandBehaviour,
  counters: CommandCounters,
  signal: AbortSignal,
  worker?: CommandWorker,
  answered?: (command: KeelCommand, finished: 'success' | 'failure') => void,
): Promise<void> {
  const res = await fetch(href, { headers: { authorization, accept: 'application/json' }, signal });
  if (res.status !== 200) {
    await res.arrayBuffer();
    return;
  }
  const body = (await res.json()) as { commands?: KeelCommand[] };
  for (const command of body.commands ?? []) {
    const feedback = command._links?.feedback?.href;
    if (!feedback) continue;
    const { finished, details } = (await worker?.(command)) ?? answer(command, attributes, behaviour);
    const sent = await fetch(feedback, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ status: { execution: 'closed', result: { finished }, details } }),
      signal,
    });
    await sent.arrayBuffer();
    if (sent.status === 200) answered?.(command, finished);
    counters.commands += 1;
    if (finished === 'failure') counters.commandFailures += 1;
  }
}
