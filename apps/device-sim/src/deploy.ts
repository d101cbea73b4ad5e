import { createHash } from 'node:crypto';
import { install } from './install';

/**
 * A simulated device installing an update over hawkBit DDI (apps/server/src/modules/firmware-task/README.md "Device
 * side"): when the poll links `deploymentBase`, it reads the deployment, reports `proceeding`, downloads the
 * artifact with its token, reports `downloaded`, checks it (Keel's signed manifest through install.ts when it has the
 * property's manifest key, else the SHA-256 the deployment states), reports its new version as configData and then
 * `closed` with success — or failure with the reason, or a simulated failure for a share of installs.
 */

export interface UpdateBehaviour {
  /** A share (0–1) of installs that fail ("simulated install failure"). */
  failRate?: number;
  /** The property's manifest public key (PEM, `sw/getSwKeys`): with it, the signed manifest is verified too. */
  manifestKey?: string;
}

export interface UpdateCounters {
  updates: number;
  updateFailures: number;
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
  if (meta.has('keel.delta.from')) return fail('delta: the simulator keeps no source image');
  if (behaviour.failRate !== undefined && random() < behaviour.failRate) return fail('simulated install failure');
  const manifest = meta.get('keel.manifest');
  const signature = meta.get('keel.manifest.sig');
  if (behaviour.manifestKey && manifest && signature) {
    const result = install(
      { manifest, signature, keyId: '' },
      behaviour.manifestKey,
      {
        property: device.property,
        model: device.attributes.modelId ?? '',
        version: device.attributes.firmwareVersion ?? '',
      },
      bytes,
    );
    if (!result.installed) return fail(`refused: ${result.reason}`);
  } else {
    if (bytes.length !== artifact.size) return fail('refused: size');
    if (createHash('sha256').update(bytes).digest('hex') !== artifact.hashes.sha256) return fail('refused: sha256');
  }
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
