import { applyDelta } from './bspatch';
import type { ImageStore } from './images';
import { refusalOf } from './verify';

/**
 * A simulated device installing an update over hawkBit DDI (apps/server/src/modules/firmware-task/README.md "Device
 * side"): when the poll links `deploymentBase`, it reads the deployment, reports `proceeding`, downloads the
 * artifact with its token, reports `downloaded`, checks it (verify.ts: Keel's signed manifest through install.ts
 * when it has the property's manifest key, else the size and SHA-256 the deployment states), reports its new
 * version as configData and then `closed` with success — or failure with the reason, or a simulated failure for a
 * share of installs. A delta (`<name>.bsdiff`, `keel.delta.from` its version) is applied to the image it runs
 * (images.ts, bspatch.ts) and the result checked against the target size and SHA-256. A simulated reboot failure
 * closes with success but comes back on the old version (the server then fails it, `versionNotConfirmed`).
 */

export interface UpdateBehaviour {
  /** A share (0–1) of installs that fail ("simulated install failure"). */
  failRate?: number;
  /**
   * A share (0–1) of installs whose reboot fails: the device reports success, but comes back running (and
   * reporting) the version it had.
   */
  rebootFailRate?: number;
  /** The images devices run, for deltas (runFleet makes one per fleet when not given). */
  images?: ImageStore;
  /** The property's manifest public key (PEM, `sw/getSwKeys`): with it, the signed manifest is verified too. */
  manifestKey?: string;
}

export interface UpdateCounters {
  updates: number;
  updateFailures: number;
  /** Installs reported successful whose simulated reboot came back on the old version. */
  rebootFailures: number;
}

interface Deployment {
  id: string;
  deployment: {
    chunks: Array<{
      version: string;
      metadata?: Array<{ key: string; value: string }>;
      artifacts: Array<{
        filename: string;
        size: number;
        hashes: { sha256: string };
        _links: Record<string, { href: string }>;
      }>;
    }>;
  };
}

export interface UpdateDevice {
  /** Its id: the key of its image in `images`. */
  deviceId?: string;
  property: string;
  attributes: Record<string, string>;
}

/** Follows the poll's `deploymentBase` link: installs (or fails) and reports. */
export async function runDeployment(
  href: string,
  authorization: string,
  configDataUrl: string,
  device: UpdateDevice,
  behaviour: UpdateBehaviour,
  counters: UpdateCounters,
  signal: AbortSignal,
  random: () => number = Math.random,
): Promise<void> {
  const res = await fetch(href, { headers: { authorization, accept: 'application/json' }, signal });
  if (res.status !== 200) {
    await res.arrayBuffer();
    return;
  }
  const dep = (await res.json()) as Deployment;
  const feedback = async (execution: string, finished: 'success' | 'failure' | 'none', details: string[] = []) => {
    const sent = await fetch(`${href}/feedback`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ id: dep.id, status: { execution, result: { finished }, details } }),
      signal,
    });
    await sent.arrayBuffer();
  };
  const fail = async (reason: string) => {
    await feedback('closed', 'failure', [reason]);
    counters.updates += 1;
    counters.updateFailures += 1;
  };
  const chunk = dep.deployment.chunks[0];
  const artifact = chunk?.artifacts[0];
  const download = artifact?._links['download-http']?.href;
  if (!chunk || !artifact || !download) return fail('no artifact');
  await feedback('proceeding', 'none', ['downloading']);
  const got = await fetch(download, { headers: { authorization }, signal });
  if (got.status !== 200) {
    await got.arrayBuffer();
    return fail(`download answered ${got.status}`);
  }
  const bytes = new Uint8Array(await got.arrayBuffer());
  await feedback('downloaded', 'none');
  const meta = new Map((chunk.metadata ?? []).map((m) => [m.key, m.value]));
  let image: Uint8Array = bytes;
  let expected = { size: artifact.size, sha256: artifact.hashes.sha256 };
  const deltaFrom = meta.get('keel.delta.from');
  if (deltaFrom !== undefined) {
    const delta = refusalOf({ image: bytes, expected, signed: null, device });
    if (delta) return fail(`delta ${delta}`);
    const running = device.attributes.firmwareVersion ?? '';
    if (deltaFrom !== running) return fail(`delta: made from ${deltaFrom}, the device runs ${running}`);
    const source = device.deviceId ? behaviour.images?.current(device.deviceId) : null;
    if (!source) return fail('delta: the device keeps no source image');
    expected = { size: Number(meta.get('keel.target.size')), sha256: meta.get('keel.target.sha256') ?? '' };
    const applied = applyDelta(source, bytes, expected);
    if (!applied.ok) return fail(applied.reason);
    image = applied.image;
  }
  if (behaviour.failRate !== undefined && random() < behaviour.failRate) return fail('simulated install failure');
  const manifest = meta.get('keel.manifest');
  const signature = meta.get('keel.manifest.sig');
  const refusal = refusalOf({
    image,
    expected,
    signed: manifest && signature ? { manifest, signature } : null,
    manifestKey: behaviour.manifestKey,
    device,
  });
  if (refusal) return fail(refusal);
  // A failed reboot: success reported, but the device comes back on the image and version it had.
  if (behaviour.rebootFailRate !== undefined && random() < behaviour.rebootFailRate) {
    await feedback('closed', 'success', [`installed ${chunk.version}`]);
    counters.updates += 1;
    counters.rebootFailures += 1;
    return;
  }
  if (device.deviceId) behaviour.images?.installed(device.deviceId, image);
  // Installed and "rebooted": the new version first (so that the server confirms it), then the closing feedback.
  device.attributes.firmwareVersion = chunk.version;
  const put = await fetch(configDataUrl, {
    method: 'PUT',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'merge', data: { firmwareVersion: chunk.version } }),
    signal,
  });
  await put.arrayBuffer();
  await feedback('closed', 'success', [`installed ${chunk.version}`]);
  counters.updates += 1;
}
