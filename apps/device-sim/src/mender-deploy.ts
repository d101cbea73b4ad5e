import type { MenderDeployment } from '@keel/contract/device-api/mender';
import type { UpdateBehaviour, UpdateCounters, UpdateDevice } from './deploy';
import { menderArtifactRefusal } from './mender-artifact';
import { refusalOf } from './verify';

/**
 * A simulated Mender device installing the deployment `deployments/next` answered (apps/server/src/modules/
 * firmware-task/README.md "Device side"), as mender-client does with an update module that needs a reboot: reports
 * `downloading`, downloads the signed URI, checks the artifact (its own manifest's SHA-256s, mender-artifact.ts;
 * then verify.ts: Keel's signed manifest with the property's manifest key, else the size and SHA-256 Keel's answer
 * states), reports `installing`, `rebooting`, then `success` and answers true: the caller then reports its
 * inventory, whose `artifact_name` is the new one (false: the server refused a status, the deployment is left). A failure reports `failure` and the reason as the deployment's
 * log. A simulated reboot failure reports success but keeps the old `artifact_name`.
 */
export async function runMenderDeployment(
  url: string,
  authorization: string,
  dep: MenderDeployment,
  device: UpdateDevice,
  behaviour: UpdateBehaviour,
  counters: UpdateCounters,
  signal: AbortSignal,
  random: () => number = Math.random,
): Promise<boolean> {
  const deployment = `${url}/api/devices/v1/deployments/device/deployments/${encodeURIComponent(dep.id)}`;
  /** A status PUT; false when the server no longer has the deployment for the device (it must answer 204). */
  const status = async (value: string) => {
    const res = await fetch(`${deployment}/status`, {
      method: 'PUT',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ status: value }),
      signal,
    });
    await res.arrayBuffer();
    return res.status === 204;
  };
  const fail = async (reason: string) => {
    counters.updates += 1;
    counters.updateFailures += 1;
    if (!(await status('failure'))) return false;
    const log = await fetch(`${deployment}/log`, {
      method: 'PUT',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({
        messages: [{ timestamp: new Date().toISOString(), level: 'error', message: reason }],
      }),
      signal,
    });
    await log.arrayBuffer();
    return true;
  };
  if (!(await status('downloading'))) return false;
  const got = await fetch(dep.artifact.source.uri, { signal });
  if (got.status !== 200) {
    await got.arrayBuffer();
    return fail(`download answered ${got.status}`);
  }
  const bytes = new Uint8Array(await got.arrayBuffer());
  const keel = dep.keel;
  const refusal =
    menderArtifactRefusal(bytes) ??
    refusalOf({
      image: bytes,
      expected: keel ? { size: keel.size, sha256: keel.sha256 } : null,
      signed: keel?.manifest && keel.signature ? { manifest: keel.manifest, signature: keel.signature } : null,
      manifestKey: behaviour.manifestKey,
      device,
    });
  if (!(await status('installing'))) return false;
  if (refusal) return fail(refusal);
  if (behaviour.failRate !== undefined && random() < behaviour.failRate) return fail('simulated install failure');
  if (!(await status('rebooting'))) return false;
  if (behaviour.rebootFailRate !== undefined && random() < behaviour.rebootFailRate) counters.rebootFailures += 1;
  else device.attributes.firmwareVersion = dep.artifact.artifact_name;
  counters.updates += 1;
  return status('success');
}
