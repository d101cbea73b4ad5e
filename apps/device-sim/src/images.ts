import { createHash } from 'node:crypto';

/**
 * The images simulated devices run, so that they can apply deltas (README.md "Updates"): each device's current
 * image is the bytes of the last full package it installed (or a delta rebuilt), kept in memory by SHA-256 and
 * shared between devices (a fleet that installed one package holds it once). The store is bounded: past
 * `budgetBytes` the least recently used images are dropped, and their devices no longer have a source for a delta
 * (they fail it, saying so). A device that installed nothing runs the `base` image when one is given (the CLI's
 * `--base-image`), as of the version it first reported.
 */
export class ImageStore {
  private readonly blobs = new Map<string, Uint8Array>();
  private readonly devices = new Map<string, string>();
  private held = 0;
  private readonly base: { sha256: string; bytes: Uint8Array } | null;

  constructor(
    readonly budgetBytes = 256 * 1024 * 1024,
    base?: Uint8Array,
  ) {
    this.base = base ? { sha256: sha256Of(base), bytes: base } : null;
  }

  /** The image the device runs now, or null when it has none (installed nothing without a base, or dropped). */
  current(deviceId: string): Uint8Array | null {
    const sha = this.devices.get(deviceId);
    if (sha === undefined) return this.base?.bytes ?? null;
    const bytes = this.blobs.get(sha);
    if (!bytes) return null;
    // Most recently used last.
    this.blobs.delete(sha);
    this.blobs.set(sha, bytes);
    return bytes;
  }

  /** Records what the device installed. */
  installed(deviceId: string, image: Uint8Array): void {
    const sha = sha256Of(image);
    this.devices.set(deviceId, sha);
    if (this.blobs.has(sha)) {
      const bytes = this.blobs.get(sha) as Uint8Array;
      this.blobs.delete(sha);
      this.blobs.set(sha, bytes);
      return;
    }
    if (image.length > this.budgetBytes) return;
    this.blobs.set(sha, image);
    this.held += image.length;
    for (const [oldest, bytes] of this.blobs) {
      if (this.held <= this.budgetBytes) break;
      this.blobs.delete(oldest);
      this.held -= bytes.length;
    }
  }

  /** Bytes held. */
  get size(): number {
    return this.held;
  }
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
