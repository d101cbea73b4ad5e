import { gunzipSync } from 'node:zlib';
import { sha256Of } from './images';

/**
 * What a simulated Mender device checks in a downloaded `.mender` artifact before installing it, as mender-client
 * does: the artifact is a tar whose `manifest` lists the SHA-256 of its other members (`version`, `header.tar.gz`,
 * `data/0000.tar.gz`…) and of the payload files inside each gzip data archive (`data/0000/<file>`); every listed
 * member must be there with that digest. Answers the refusal, or null.
 */

/** The regular files of a ustar archive, by name. */
export function tarEntries(tar: Uint8Array): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  let at = 0;
  const text = (from: number, len: number) => {
    const raw = Buffer.from(tar.subarray(from, from + len));
    const end = raw.indexOf(0);
    return raw.toString('utf8', 0, end === -1 ? len : end);
  };
  while (at + 512 <= tar.length) {
    if (tar[at] === 0) break;
    const name = text(at, 100);
    const prefix = text(at + 345, 155);
    const size = Number.parseInt(text(at + 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(tar[at + 156] as number);
    if (!Number.isFinite(size) || size < 0 || at + 512 + size > tar.length) throw new Error('truncated tar');
    if (type === '0' || type === '\0')
      out.set(prefix ? `${prefix}/${name}` : name, tar.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return out;
}

export function menderArtifactRefusal(artifact: Uint8Array): string | null {
  let members: Map<string, Uint8Array>;
  try {
    members = tarEntries(artifact);
  } catch {
    return 'refused: not a Mender artifact';
  }
  const manifest = members.get('manifest');
  if (!manifest || !members.has('version')) return 'refused: not a Mender artifact';
  const payloads = new Map<string, Map<string, Uint8Array>>();
  for (const line of Buffer.from(manifest).toString('utf8').split('\n')) {
    const m = /^([0-9a-f]{64})\s+(\S+)$/.exec(line.trim());
    if (!m) continue;
    const [, sha, name] = m as unknown as [string, string, string];
    const inData = /^data\/(\d{4})\/(.+)$/.exec(name);
    let bytes: Uint8Array | undefined;
    if (inData) {
      const archive = `data/${inData[1]}.tar.gz`;
      let files = payloads.get(archive);
      if (!files) {
        const gz = members.get(archive);
        if (!gz) return `refused: ${archive} missing`;
        try {
          files = tarEntries(gunzipSync(gz));
        } catch {
          return `refused: ${archive} unreadable`;
        }
        payloads.set(archive, files);
      }
      bytes = files.get(inData[2] as string);
    } else bytes = members.get(name);
    if (!bytes) return `refused: ${name} missing`;
    if (sha256Of(bytes) !== sha) return `refused: ${name} sha256`;
  }
  return null;
}
