import { sha256Of } from './images';
import { install } from './install';

/**
 * The check before a simulated device installs what it downloaded (DDI deploy.ts and Mender mender.ts): Keel's
 * signed manifest through install.ts when the device has the property's manifest key and the deployment carries the
 * manifest, else the size and SHA-256 the deployment states. Answers the refusal, or null when the image may be
 * installed. For a delta, `image` is the rebuilt image (the manifest and the target describe the full package).
 */
export interface ImageCheck {
  /** The bytes to install. */
  image: Uint8Array;
  /** The size and SHA-256 the deployment states for them, when it states them. */
  expected: { size: number; sha256: string } | null;
  /** Keel's signed manifest (`keel.manifest`, `keel.manifest.sig`), when the deployment carries it. */
  signed: { manifest: string; signature: string } | null;
  /** The property's manifest public key (PEM), when the device was given it. */
  manifestKey?: string;
  device: { property: string; attributes: Record<string, string> };
}

/** The version in a release name (Mender's `release-1.2.0` → `1.2.0`); other versions as they are. */
export const versionPart = (name: string) => name.replace(/^[A-Za-z][\w.]*-(?=\d)/, '');

export function refusalOf(c: ImageCheck): string | null {
  if (c.manifestKey && c.signed) {
    const result = install(
      { manifest: c.signed.manifest, signature: c.signed.signature, keyId: '' },
      c.manifestKey,
      {
        property: c.device.property,
        model: c.device.attributes.modelId ?? '',
        version: versionPart(c.device.attributes.firmwareVersion ?? ''),
      },
      c.image,
    );
    return result.installed ? null : `refused: ${result.reason}`;
  }
  if (c.expected) {
    if (c.image.length !== c.expected.size) return 'refused: size';
    if (sha256Of(c.image) !== c.expected.sha256) return 'refused: sha256';
  }
  return null;
}
