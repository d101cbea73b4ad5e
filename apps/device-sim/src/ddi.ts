import { deviceApps, installPushed, syncApps } from './apps';
import { type CommandWorker, runCommands } from './commands';
import { runDeployment } from './deploy';
import { type DeviceContext, retryAfterMs, sleep } from './device';
import { DeviceSecurity } from './security';

/** hawkBit's "HH:MM:SS" in milliseconds (null when it is not one). */
export function sleepMs(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const m = /^(\d{2,}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  return ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000;
}

/** Waiting after a failure (network error, unexpected answer) before trying again. */
const FAILURE_WAIT_MS = 5_000;

/**
 * One hawkBit DDI device: polls `/{tenant}/controller/v1/{id}` with its credential (`TargetToken`) or the enrolment
 * key (`GatewayToken`, enrolling itself pending on the first poll), PUTs its attributes as configData when the
 * server asks for them (the poll's configData link), answers Keel's commands when the poll links them
 * (`keelCommands`, commands.ts; routed security commands verified offline, security.ts), keeps its apps as the app store lists them when it uses it (apps.ts), installs updates the poll links (`deploymentBase`, deploy.ts), confirms a cancelled
 * one (`cancelAction`: it installs within one poll, so it never holds one) and sleeps as the poll answer says. 429: waits `Retry-After`;
 * 403 (rejected): stops; 401: tries again after the interval.
 */
export async function runDdiDevice(ctx: DeviceContext): Promise<void> {
  const { device, signal, counters } = ctx;
  const base = `${ctx.url}/${encodeURIComponent(ctx.property)}/controller/v1/${encodeURIComponent(device.deviceId)}`;
  const authorization = device.credential ? `TargetToken ${device.credential}` : `GatewayToken ${ctx.enrolmentKey}`;
  let interval = 30_000;
  const apps = ctx.apps ? (ctx.appState ?? deviceApps()) : undefined;
  const security = new DeviceSecurity(base, authorization, ctx.property, device.deviceId);
  // An app store push installs what it names (apps.ts), when the device uses the app store; a routed security
  // command is verified offline and answered (security.ts).
  const worker: CommandWorker = (command) => {
    if (command.type === 'securityCommand')
      return security.answerCommand(command, ctx.security ?? {}, counters, signal);
    if (command.type === 'appInstall' && apps && ctx.apps)
      return installPushed(ctx.url, command.payload, apps, ctx.apps, counters, signal);
    return null;
  };
  const cap = (ms: number) => (ctx.maxSleepSeconds !== undefined ? Math.min(ms, ctx.maxSleepSeconds * 1000) : ms);
  while (!signal.aborted) {
    let wait = cap(interval);
    try {
      const res = await fetch(base, { headers: { authorization, accept: 'application/hal+json' }, signal });
      counters.polls += 1;
      if (res.status === 200) {
        const body = (await res.json()) as {
          config?: { polling?: { sleep?: string } };
          _links?: {
            configData?: unknown;
            keelCommands?: { href?: string };
            deploymentBase?: { href?: string };
            cancelAction?: { href?: string };
          };
        };
        interval = sleepMs(body.config?.polling?.sleep) ?? interval;
        wait = cap(interval);
        ctx.setStatus('online');
        if (body._links?.configData) {
          const put = await fetch(`${base}/configData`, {
            method: 'PUT',
            headers: { authorization, 'content-type': 'application/json' },
            body: JSON.stringify({ mode: 'merge', data: device.attributes }),
            signal,
          });
          await put.arrayBuffer();
          if (put.status === 200) counters.reports += 1;
          else if (put.status === 429) {
            counters.throttled += 1;
            wait = retryAfterMs(put);
          } else counters.errors += 1;
        }
        // Keel's directives (a link hawkBit clients ignore): fetch the waiting commands and answer them.
        const commands = body._links?.keelCommands?.href;
        if (commands) {
          await runCommands(
            commands,
            authorization,
            device.attributes,
            ctx.commands ?? {},
            counters,
            signal,
            worker,
            (c) => {
              if (c.type === 'securityCommand') counters.securityCommands += 1;
            },
          );
        }
        // The app store (a resource at a fixed address): new apps and versions, and the installed set.
        if (apps && ctx.apps) await syncApps(`${base}/keelApps`, authorization, apps, ctx.apps, counters, signal);
        // A cancelled update (hawkBit's cancelAction): nothing of it is held between polls, so confirm at once.
        const cancel = body._links?.cancelAction?.href;
        if (cancel) {
          const id = cancel.split('/').at(-1);
          const answer = await fetch(`${cancel}/feedback`, {
            method: 'POST',
            headers: { authorization, 'content-type': 'application/json' },
            body: JSON.stringify({
              id,
              status: { execution: 'closed', result: { finished: 'success' }, details: ['cancelled'] },
            }),
            signal,
          });
          await answer.arrayBuffer();
          if (answer.status !== 200) counters.errors += 1;
        }
        // An update: download, check, install, report (deploy.ts).
        const deployment = body._links?.deploymentBase?.href;
        if (deployment) {
          await runDeployment(
            deployment,
            authorization,
            `${base}/configData`,
            { deviceId: device.deviceId, property: ctx.property, attributes: device.attributes },
            ctx.updates ?? {},
            counters,
            signal,
          );
        }
      } else {
        await res.arrayBuffer();
        if (res.status === 429) {
          counters.throttled += 1;
          wait = retryAfterMs(res);
        } else if (res.status === 403) {
          ctx.setStatus('refused');
          return;
        } else if (res.status === 401 || res.status === 404) {
          ctx.setStatus('refused');
        } else {
          counters.errors += 1;
          ctx.setStatus('error');
          wait = Math.min(wait, FAILURE_WAIT_MS);
        }
      }
    } catch (e) {
      if (signal.aborted) break;
      counters.errors += 1;
      ctx.setStatus('error');
      wait = Math.min(wait, FAILURE_WAIT_MS);
      void e;
    }
    await sleep(wait, signal);
  }
}
