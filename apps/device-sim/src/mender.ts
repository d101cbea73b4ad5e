import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import type { MenderDeployment } from '@keel/contract/device-api/mender';
import { deviceApps, syncApps } from './apps';
import { type DeviceContext, retryAfterMs, sleep } from './device';
import { runMenderDeployment } from './mender-deploy';

const FAILURE_WAIT_MS = 5_000;

/** A device key as mender-client keeps one; Ed25519 (Keel accepts it, and it is quick to make for many devices). */
function newKey(): { privateKey: KeyObject; pem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateKey, pem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

/** Mender's inventory form of attributes; `artifact_name` and `device_type` from the firmware version and model. */
export function inventoryOf(attributes: Record<string, string>): Array<{ name: string; value: string }> {
  const all: Record<string, string> = {
    ...(attributes.firmwareVersion ? { artifact_name: attributes.firmwareVersion } : {}),
    ...(attributes.model ? { device_type: attributes.model } : {}),
    ...attributes,
  };
  return Object.entries(all).map(([name, value]) => ({ name, value }));
}

/**
 * One Mender device: authenticates (identity `{"serial": deviceId}`, a signed auth request whose tenant token is
 * its credential or the enrolment key), waits while pending, then PUTs its inventory and checks for updates at its
 * own interval (POST v2 `deployments/next` with its device type and artifact name), installing what it is offered
 * (mender-deploy.ts) and then reporting its inventory again; a 401 on a call means its token was revoked: it
 * authenticates again. 429: waits `Retry-After`.
 */
export async function runMenderDevice(ctx: DeviceContext): Promise<void> {
  const { device, signal, counters } = ctx;
  const key = newKey();
  const interval = () =>
    (ctx.maxSleepSeconds !== undefined
      ? Math.min(ctx.menderIntervalSeconds, ctx.maxSleepSeconds)
      : ctx.menderIntervalSeconds) * 1000;
  const body = JSON.stringify({
    id_data: JSON.stringify({ serial: device.deviceId }),
    pubkey: key.pem,
    tenant_token: device.credential ?? ctx.enrolmentKey,
  });
  const signature = sign(null, Buffer.from(body), key.privateKey).toString('base64');
  let token: string | null = null;
  let reported = false;
  const apps = ctx.apps ? (ctx.appState ?? deviceApps()) : undefined;
  while (!signal.aborted) {
    let wait = interval();
    try {
      if (!token) {
        const res = await fetch(`${ctx.url}/api/devices/v1/authentication/auth_requests`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-men-signature': signature },
          body,
          signal,
        });
        counters.polls += 1;
        const text = await res.text();
        if (res.status === 200) {
          token = text;
          reported = false;
          ctx.setStatus('online');
          continue;
        }
        if (res.status === 429) {
          counters.throttled += 1;
          wait = retryAfterMs(res);
        } else if (res.status === 401) {
          ctx.setStatus(/pending/i.test(text) ? 'pending' : 'refused');
        } else {
          counters.errors += 1;
          ctx.setStatus('error');
          wait = Math.min(wait, FAILURE_WAIT_MS);
        }
      } else {
        const auth = { authorization: `Bearer ${token}` };
        if (!reported) {
          const put = await fetch(`${ctx.url}/api/devices/v1/inventory/device/attributes`, {
            method: 'PUT',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify(inventoryOf(device.attributes)),
            signal,
          });
          await put.arrayBuffer();
          if (put.status === 200) {
            counters.reports += 1;
            reported = true;
          } else if (put.status === 401) {
            token = null;
            continue;
          } else if (put.status === 429) counters.throttled += 1;
          else counters.errors += 1;
        }
        // The update check, as mender-client 3 asks it: what it provides, by POST v2.
        const inventory = Object.fromEntries(inventoryOf(device.attributes).map((a) => [a.name, a.value]));
        const next = await fetch(`${ctx.url}/api/devices/v2/deployments/device/deployments/next`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({
            device_provides: { device_type: inventory.device_type ?? '', artifact_name: inventory.artifact_name ?? '' },
          }),
          signal,
        });
        counters.polls += 1;
        if (next.status === 200) {
          ctx.setStatus('online');
          const dep = (await next.json()) as MenderDeployment;
          const finished = await runMenderDeployment(
            ctx.url,
            auth.authorization,
            dep,
            { deviceId: device.deviceId, property: ctx.property, attributes: device.attributes },
            ctx.updates ?? {},
            counters,
            signal,
          );
          // Its inventory (the new artifact_name) at once, as mender-client does after an update; after an
          // unfinished one (the server refused a status), at the interval.
          reported = false;
          if (finished) wait = 0;
        } else await next.arrayBuffer();
        if (next.status === 200 || next.status === 204) {
          ctx.setStatus('online');
          // The app store, at Keel's address for Mender devices (apps.ts).
          if (apps && ctx.apps)
            await syncApps(`${ctx.url}/api/devices/v1/keel/apps`, auth.authorization, apps, ctx.apps, counters, signal);
        } else if (next.status === 401) {
          token = null;
          ctx.setStatus('refused');
          continue;
        } else if (next.status === 429) {
          counters.throttled += 1;
          wait = retryAfterMs(next);
        } else {
          counters.errors += 1;
          wait = Math.min(wait, FAILURE_WAIT_MS);
        }
      }
    } catch {
      if (signal.aborted) break;
      counters.errors += 1;
      ctx.setStatus('error');
      wait = Math.min(wait, FAILURE_WAIT_MS);
    }
    await sleep(wait, signal);
  }
}
