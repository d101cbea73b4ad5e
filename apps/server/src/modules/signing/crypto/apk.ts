import { createHash } from 'node:crypto';
import type { SignatureAlgorithm } from '@keel/contract/constants';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { ALGORITHMS } from './algorithms';
import { detachedSignedData } from './cms';
import type { SigningKey } from './keys';

/**
 * APK signing (README "APK"): v1 JAR signing (MANIFEST.MF, CERT.SF with `X-Android-APK-Signed: 2`, and a PKCS#7
 * CERT.RSA / CERT.EC over the .SF) and then the APK Signature Scheme v2 block inserted before the central directory,
 * both with SHA-256 (Android 7+ for v2, 4.3+ for v1's SHA-256). No maintained JavaScript library writes v2 blocks,
 * so the block is built here from the published format
 * (https://source.android.com/docs/security/features/apksigning/v2); Debian's `apksigner verify` checks the result
 * in the tests. RSA and ECDSA keys with SHA256WITH… or SHA512WITH… only.
 */

export const APK_ALGORITHMS: readonly SignatureAlgorithm[] = [
  'SHA256WITHRSA',
  'SHA512WITHRSA',
  'SHA256WITHECDSA',
  'SHA512WITHECDSA',
];

/** v2 signature algorithm ids. */
const V2_IDS: Partial<Record<SignatureAlgorithm, number>> = {
  SHA256WITHRSA: 0x0103,
  SHA512WITHRSA: 0x0104,
  SHA256WITHECDSA: 0x0201,
  SHA512WITHECDSA: 0x0202,
};

export class ApkError extends Error {}

interface Entry {
  name: string;
  data: Buffer;
  compress: boolean;
  mtime: Date;
}

function readEntries(apk: Buffer): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(apk, { lazyEntries: true, decodeStrings: true }, (error, zip) => {
      if (error || !zip) return reject(new ApkError('not a ZIP/APK file'));
      const entries: Entry[] = [];
      zip.on('error', () => reject(new ApkError('broken ZIP/APK file')));
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        const old = /^META-INF\/(MANIFEST\.MF|[^/]+\.(SF|RSA|DSA|EC))$/i.test(name);
        if (name.endsWith('/') || old) {
          zip.readEntry();
          return;
        }
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(new ApkError(`cannot read ${name}`));
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('error', () => reject(new ApkError(`cannot read ${name}`)));
          stream.on('end', () => {
            entries.push({
              name,
              data: Buffer.concat(parts),
              compress: entry.compressionMethod === 8,
              mtime: entry.getLastModDate(),
            });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** A manifest attribute line, wrapped at 72 bytes (continuations start with a space). */
function line(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const parts: Buffer[] = [bytes.subarray(0, 72)];
  for (let i = 72; i < bytes.length; i += 71) parts.push(Buffer.concat([Buffer.from(' '), bytes.subarray(i, i + 71)]));
  return Buffer.concat(parts.flatMap((p) => [p, Buffer.from('\r\n')]));
}

const b64 = (hash: 'sha256', data: Buffer) => createHash(hash).update(data).digest('base64');

/** MANIFEST.MF and CERT.SF for the entries. */
export function jarManifests(entries: readonly { name: string; data: Buffer }[]): { mf: Buffer; sf: Buffer } {
  const main = Buffer.concat([line('Manifest-Version: 1.0'), line('Created-By: 1.0 (Keel)'), Buffer.from('\r\n')]);
  const sections = entries.map((e) =>
    Buffer.concat([line(`Name: ${e.name}`), line(`SHA-256-Digest: ${b64('sha256', e.data)}`), Buffer.from('\r\n')]),
  );
  const mf = Buffer.concat([main, ...sections]);
  const sfMain = Buffer.concat([
    line('Signature-Version: 1.0'),
    line('Created-By: 1.0 (Keel)'),
    line(`SHA-256-Digest-Manifest: ${b64('sha256', mf)}`),
    line(`SHA-256-Digest-Manifest-Main-Attributes: ${b64('sha256', main)}`),
    line('X-Android-APK-Signed: 2'),
    Buffer.from('\r\n'),
  ]);
  const sfSections = entries.map((e, i) =>
    Buffer.concat([
      line(`Name: ${e.name}`),
      line(`SHA-256-Digest: ${b64('sha256', sections[i] as Buffer)}`),
      Buffer.from('\r\n'),
    ]),
  );
  return { mf, sf: Buffer.concat([sfMain, ...sfSections]) };
}

function writeZip(entries: readonly Entry[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    for (const e of entries) zip.addBuffer(e.data, e.name, { mtime: e.mtime, compress: e.compress });
    zip.end();
    const parts: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => parts.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(parts)));
  });
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(n));
  return b;
};
/** Length-prefixed (u32 LE). */
const lp = (...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(body.length), body]);
};

const CHUNK = 1024 * 1024;

/** The v2 content digest over the three sections, in 1 MiB chunks. */
function contentDigest(hash: 'sha256' | 'sha512', sections: readonly Buffer[]): Buffer {
  const chunks: Buffer[] = [];
  for (const section of sections) {
    for (let i = 0; i < section.length; i += CHUNK) {
      const chunk = section.subarray(i, i + CHUNK);
      chunks.push(
        createHash(hash)
          .update(Buffer.from([0xa5]))
          .update(u32(chunk.length))
          .update(chunk)
          .digest(),
      );
    }
  }
  return createHash(hash)
    .update(Buffer.from([0x5a]))
    .update(u32(chunks.length))
    .update(Buffer.concat(chunks))
    .digest();
}

function findEocd(zip: Buffer): number {
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65535); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) return i;
  }
  throw new ApkError('no ZIP end of central directory');
}

/** Inserts an APK Signature Scheme v2 block. */
async function addV2(zip: Buffer, key: SigningKey, alg: SignatureAlgorithm, certificate: Buffer): Promise<Buffer> {
  const id = V2_IDS[alg] as number;
  const eocdAt = findEocd(zip);
  const cdOffset = zip.readUInt32LE(eocdAt + 16);
  const contents = zip.subarray(0, cdOffset);
  const cd = zip.subarray(cdOffset, eocdAt);
  const eocd = Buffer.from(zip.subarray(eocdAt));
  const hash = ALGORITHMS[alg].digest === 'sha512' ? 'sha512' : 'sha256';
  const digest = contentDigest(hash, [contents, cd, eocd]);
  const signedData = Buffer.concat([lp(lp(u32(id), lp(digest))), lp(lp(certificate)), lp()]);
  const signature = await key.signStream(alg, [signedData]);
  const signer = Buffer.concat([lp(signedData), lp(lp(u32(id), lp(signature))), lp(key.spki)]);
  const value = lp(lp(signer));
  const pair = Buffer.concat([u64(4 + value.length), u32(0x7109871a), value]);
  const magic = Buffer.from('APK Sig Block 42', 'ascii');
  const size = pair.length + 8 + 16;
  const block = Buffer.concat([u64(size), pair, u64(size), magic]);
  eocd.writeUInt32LE(cdOffset + block.length, 16);
  return Buffer.concat([contents, block, cd, eocd]);
}

/**
 * A JAR of `entries` signed with JAR signing (v1): META-INF/MANIFEST.MF, CERT.SF and CERT.RSA|EC (the signature file's
 * PKCS#7 signature without attributes, as jarsigner writes it), then the entries, compressed.
 */
export async function signedJar(
  key: SigningKey,
  alg: 'SHA256WITHRSA' | 'SHA256WITHECDSA',
  certificate: Buffer,
  entries: readonly { name: string; data: Buffer }[],
): Promise<Buffer> {
  const { mf, sf } = jarManifests(entries);
  const block = await detachedSignedData({ key, alg, certificate, content: sf });
  const now = new Date();
  return writeZip([
    { name: 'META-INF/MANIFEST.MF', data: mf, compress: true, mtime: now },
    { name: 'META-INF/CERT.SF', data: sf, compress: true, mtime: now },
    { name: `META-INF/CERT.${alg === 'SHA256WITHRSA' ? 'RSA' : 'EC'}`, data: block, compress: true, mtime: now },
    ...entries.map((e) => ({ ...e, compress: true, mtime: now })),
  ]);
}

/** Signs an APK with v1 and v2 schemes; answers the signed APK. */
export async function signApk(
  apk: Buffer,
  key: SigningKey,
  alg: SignatureAlgorithm,
  certificate: Buffer,
): Promise<Buffer> {
  if (!APK_ALGORITHMS.includes(alg))
    throw new ApkError(`APK signing needs SHA-256 or SHA-512 with RSA or ECDSA, not ${alg}`);
  const entries = await readEntries(apk);
  const { mf, sf } = jarManifests(entries);
  const v1alg: SignatureAlgorithm = ALGORITHMS[alg].keyType === 'RSA' ? 'SHA256WITHRSA' : 'SHA256WITHECDSA';
  const block = await detachedSignedData({ key, alg: v1alg, certificate, content: sf });
  const now = new Date();
  const signedV1 = await writeZip([
    { name: 'META-INF/MANIFEST.MF', data: mf, compress: true, mtime: now },
    { name: 'META-INF/CERT.SF', data: sf, compress: true, mtime: now },
    {
      name: `META-INF/CERT.${ALGORITHMS[alg].keyType === 'RSA' ? 'RSA' : 'EC'}`,
      data: block,
      compress: true,
      mtime: now,
    },
    ...entries,
  ]);
  return addV2(signedV1, key, alg, certificate);
}
