import { createHash, createPublicKey, verify } from 'node:crypto';
import {
  compareVersions,
  type ManifestBody,
  manifestBody,
  type SignedManifest,
} from '@keel/contract/endpoints/firmware';

/**
 * What a simulated device does before installing a package: it checks the package's signed manifest
 * with its property's manifest key (Ed25519; Keel's `sw/getSwKeys` answers it, the signing service will later),
 * then checks that the manifest is for its property and model, newer than what it runs, and that the bytes it
 * downloaded have the size and SHA-256 the manifest states. Any failure refuses the install, with the reason.
 */

export type InstallRefusal = 'signature' | 'malformed' | 'property' | 'model' | 'version' | 'size' | 'sha256';

export interface DeviceState {
  property: string;
  /** Its model id (as `dm/` names it), '' when unknown. */
  model: string;
  /** The version of the package type it runs now. */
  version: string;
}

export type Verdict = { ok: true; manifest: ManifestBody } | { ok: false; reason: InstallRefusal };

/** Checks a signed manifest and the downloaded bytes of the package's main file against the device. */
export function checkPackage(
  signed: SignedManifest,
  publicKeyPem: string,
  device: DeviceState,
  download: Uint8Array,
): Verdict {
  let good = false;
  try {
    good = verify(
      null,
      Buffer.from(signed.manifest),
      createPublicKey(publicKeyPem),
      Buffer.from(signed.signature, 'base64'),
    );
  } catch {
    good = false;
  }
  if (!good) return { ok: false, reason: 'signature' };
  let manifest: ManifestBody;
  try {
    manifest = manifestBody.parse(JSON.parse(signed.manifest));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (manifest.pno !== device.property) return { ok: false, reason: 'property' };
  if (manifest.models.length > 0 && !manifest.models.includes(device.model)) return { ok: false, reason: 'model' };
  if (device.version && compareVersions(manifest.version, device.version) <= 0) return { ok: false, reason: 'version' };
  const main = manifest.files[0];
  if (!main || download.length !== main.size) return { ok: false, reason: 'size' };
  if (createHash('sha256').update(download).digest('hex') !== main.sha256) return { ok: false, reason: 'sha256' };
  return { ok: true, manifest };
}

/** Installs when the checks pass: answers the device's new state, or the refusal. */
export function install(
  signed: SignedManifest,
  publicKeyPem: string,
  device: DeviceState,
  download: Uint8Array,
): { installed: true; device: DeviceState } | { installed: false; reason: InstallRefusal } {
  const verdict = checkPackage(signed, publicKeyPem, device, download);
  if (!verdict.ok) return { installed: false, reason: verdict.reason };
  return { installed: true, device: { ...device, version: verdict.manifest.version } };
}
