import { createHash, createPublicKey, type KeyObject, verify, webcrypto, X509Certificate } from 'node:crypto';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import tar from 'tar-stream';

/**
 * Reading and verifying vendor artifacts: SWUpdate images (`.swu`: a cpio "newc" archive whose first
 * entry `sw-description` lists the payloads with their SHA-256, signed by `sw-description.sig`, a CMS signature)
 * and Mender artifacts (`.mender`: a tar of `version`, `manifest` (SHA-256 of every other part), an optional
 * `manifest.sig`, `header.tar.gz` and `data/NNNN.tar.gz`). Both are read as a stream, once. Pure functions: the
 * caller says which keys the property configured and turns an ArtifactError into its message.
 */

export type ArtifactKind = 'raw' | 'swu' | 'mender';

export interface ArtifactResult {
  kind: ArtifactKind;
  signature: 'none' | 'verified';
  info: Record<string, unknown> | null;
}

export type ArtifactProblem =
  | 'artifactMalformed'
  | 'artifactUnsigned'
  | 'artifactNoKey'
  | 'artifactBadSignature'
  | 'artifactHashMismatch';

export class ArtifactError extends Error {
  constructor(
    readonly problem: ArtifactProblem,
    readonly params: Record<string, string> = {},
  ) {
    super(`${problem} ${JSON.stringify(params)}`);
  }
}

const malformed = (detail: string) => new ArtifactError('artifactMalformed', { detail });

export function artifactKindOf(name: string): ArtifactKind {
  const lower = name.toLowerCase();
  if (lower.endsWith('.swu')) return 'swu';
  if (lower.endsWith('.mender')) return 'mender';
  return 'raw';
}

export interface VendorKeys {
  /** PEM certificate(s) `.swu` signatures must chain to ('' none). */
  swuCertificate: string;
  /** PEM public key of `.mender` signatures ('' none). */
  menderPublicKey: string;
}

/** Reads a stream in exact pieces. */
class ByteReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;
  private readonly it: AsyncIterator<Buffer>;
  constructor(stream: AsyncIterable<Buffer>) {
    this.it = stream[Symbol.asyncIterator]();
  }
  private async more(): Promise<boolean> {
    if (this.ended) return false;
    const r = await this.it.next();
    if (r.done) {
      this.ended = true;
      return false;
    }
    this.chunks.push(r.value);
    this.buffered += r.value.length;
    return true;
  }
  async read(n: number): Promise<Buffer> {
    while (this.buffered < n) if (!(await this.more())) throw malformed('unexpected end');
    const all = Buffer.concat(this.chunks);
    this.chunks = [all.subarray(n)];
    this.buffered = all.length - n;
    return all.subarray(0, n);
  }
  /** Passes n bytes to `sink` without keeping them. */
  async pass(n: number, sink: (b: Buffer) => void): Promise<void> {
    let left = n;
    while (left > 0) {
      if (this.buffered === 0 && !(await this.more())) throw malformed('unexpected end');
      const head = this.chunks.shift() as Buffer;
      const take = Math.min(left, head.length);
      sink(head.subarray(0, take));
      if (take < head.length) this.chunks.unshift(head.subarray(take));
      this.buffered -= take;
      left -= take;
    }
  }
}

// SWUpdate (.swu)

const pad4 = (n: number) => (4 - (n % 4)) % 4;

/** The payloads a sw-description names, with their SHA-256, and its version and hardware compatibility. */
export function parseSwDescription(text: string) {
  const entries: Array<{ filename: string; sha256: string | null }> = [];
  // libconfig groups `{ … }`: each innermost group naming a filename is a payload.
  for (const group of text.match(/\{[^{}]*\}/g) ?? []) {
    const filename = /\bfilename\s*[=:]\s*"([^"]+)"/.exec(group)?.[1];
    if (!filename) continue;
    entries.push({ filename, sha256: /\bsha256\s*[=:]\s*"([0-9a-fA-F]{64})"/.exec(group)?.[1]?.toLowerCase() ?? null });
  }
  const version = /\bversion\s*[=:]\s*"([^"]+)"/.exec(text)?.[1] ?? '';
  const hw = /hardware-compatibility\s*[=:]\s*\[([^\]]*)\]/.exec(text)?.[1];
  const hardware = hw ? [...hw.matchAll(/"([^"]*)"/g)].map((m) => m[1] as string) : [];
  const name = /\bname\s*[=:]\s*"([^"]+)"/.exec(text)?.[1] ?? '';
  return { entries, version, hardware, name };
}

let engineReady = false;
function cmsEngine() {
  if (!engineReady) {
    pkijs.setEngine(
      'node',
      new pkijs.CryptoEngine({
        name: 'node',
        crypto: webcrypto as unknown as ConstructorParameters<typeof pkijs.CryptoEngine>[0]['crypto'],
      }),
    );
    engineReady = true;
  }
}

function pemBlocks(pem: string, label: string): Buffer[] {
  const re = new RegExp(`-----BEGIN ${label}-----([\\s\\S]*?)-----END ${label}-----`, 'g');
  return [...pem.matchAll(re)].map((m) => Buffer.from((m[1] as string).replace(/\s+/g, ''), 'base64'));
}

/** Whether the text holds at least one PEM certificate Node can read. */
export function isCertificatePem(pem: string): boolean {
  const blocks = pemBlocks(pem, 'CERTIFICATE');
  if (blocks.length === 0) return false;
  try {
    for (const b of blocks) new X509Certificate(b);
    return true;
  } catch {
    return false;
  }
}

export function isPublicKeyPem(pem: string): boolean {
  try {
    createPublicKey(pem);
    return true;
  } catch {
    return false;
  }
}

/**
 * Verifies a detached CMS signature (DER) of `content` made by a certificate that is, or chains to, one of the
 * PEM certificates `trusted`. Answers '' when it holds, else why not.
 */
export async function verifyCms(signature: Buffer, content: Buffer, trusted: string): Promise<string> {
  cmsEngine();
  try {
    const asn = asn1js.fromBER(new Uint8Array(signature).buffer);
    if (asn.offset === -1) return 'signature is not DER';
    const info = new pkijs.ContentInfo({ schema: asn.result });
    const signed = new pkijs.SignedData({ schema: info.content });
    const anchors = pemBlocks(trusted, 'CERTIFICATE').map((der) =>
      pkijs.Certificate.fromBER(new Uint8Array(der).buffer as ArrayBuffer),
    );
    const ok = await signed.verify({
      signer: 0,
      data: new Uint8Array(content).buffer as ArrayBuffer,
      trustedCerts: anchors,
      checkChain: true,
      checkDate: new Date(),
    });
    return ok ? '' : 'signature does not verify';
  } catch (error) {
    const e = error as { message?: string; resultMessage?: string } | string;
    const text = typeof e === 'string' ? e : (e.resultMessage ?? e.message ?? 'signature does not verify');
    return text.slice(0, 200);
  }
}

async function readSwu(stream: AsyncIterable<Buffer>, keys: VendorKeys): Promise<ArtifactResult> {
  const reader = new ByteReader(stream);
  let description: Buffer | null = null;
  let signature: Buffer | null = null;
  const hashes = new Map<string, string>();
  for (let i = 0; ; i++) {
    const header = (await reader.read(110)).toString('latin1');
    if (header.slice(0, 6) !== '070701' && header.slice(0, 6) !== '070702') throw malformed('not a cpio newc archive');
    const field = (k: number) => Number.parseInt(header.slice(6 + k * 8, 14 + k * 8), 16);
    const fileSize = field(6);
    const nameSize = field(11);
    if (!Number.isFinite(fileSize) || !Number.isFinite(nameSize) || nameSize < 1 || nameSize > 4096)
      throw malformed('bad cpio header');
    const name = (await reader.read(nameSize)).subarray(0, nameSize - 1).toString('utf8');
    await reader.read(pad4(110 + nameSize));
    if (name === 'TRAILER!!!') break;
    if (i === 0 && name !== 'sw-description') throw malformed('sw-description is not the first entry');
    if (name === 'sw-description' || name === 'sw-description.sig') {
      if (fileSize > 1024 * 1024) throw malformed(`${name} too large`);
      const bytes = await reader.read(fileSize);
      if (name === 'sw-description') description = bytes;
      else signature = bytes;
    } else {
      const h = createHash('sha256');
      await reader.pass(fileSize, (b) => h.update(b));
      hashes.set(name, h.digest('hex'));
    }
    await reader.read(pad4(fileSize));
  }
  if (!description) throw malformed('no sw-description');
  const parsed = parseSwDescription(description.toString('utf8'));
  let state: ArtifactResult['signature'] = 'none';
  let signer = '';
  if (signature) {
    if (!keys.swuCertificate) throw new ArtifactError('artifactNoKey', { kind: 'SWUpdate' });
    const why = await verifyCms(signature, description, keys.swuCertificate);
    if (why) throw new ArtifactError('artifactBadSignature', { kind: 'SWUpdate', detail: why });
    state = 'verified';
    signer = signerName(signature);
  } else if (keys.swuCertificate) {
    throw new ArtifactError('artifactUnsigned', { kind: 'SWUpdate' });
  }
  // What the signed description states must be what was shipped.
  for (const e of parsed.entries) {
    const got = hashes.get(e.filename);
    if (got === undefined) continue; // a payload referenced but shipped elsewhere (streamed, installed-directly)
    if (e.sha256 && got !== e.sha256) throw new ArtifactError('artifactHashMismatch', { entry: e.filename });
    if (!e.sha256 && state === 'verified') throw new ArtifactError('artifactHashMismatch', { entry: e.filename });
  }
  return {
    kind: 'swu',
    signature: state,
    info: {
      name: parsed.name,
      version: parsed.version,
      hardware: parsed.hardware,
      payloads: parsed.entries.map((e) => e.filename),
      ...(signer ? { signer } : {}),
    },
  };
}

function signerName(signature: Buffer): string {
  try {
    const asn = asn1js.fromBER(new Uint8Array(signature).buffer);
    const signed = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: asn.result }).content });
    const cert = signed.certificates?.[0];
    if (!(cert instanceof pkijs.Certificate)) return '';
    const cn = cert.subject.typesAndValues.find((t) => t.type === '2.5.4.3');
    return cn ? String(cn.value.valueBlock.value) : '';
  } catch {
    return '';
  }
}

// Mender (.mender)

async function entryBytes(stream: AsyncIterable<unknown>, max: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw malformed('entry too large');
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

/** SHA-256 of every file inside a gzipped tar. */
async function hashTarGz(stream: Readable, prefix: string, into: Map<string, string>) {
  const extract = tar.extract();
  const gunzip = createGunzip();
  stream.pipe(gunzip);
  gunzip.pipe(extract);
  gunzip.on('error', (e) => extract.destroy(e));
  for await (const entry of extract) {
    const h = createHash('sha256');
    for await (const chunk of entry) h.update(chunk as Buffer);
    if (entry.header.type === 'file') into.set(`${prefix}/${entry.header.name}`, h.digest('hex'));
  }
}

async function feed(stream: AsyncIterable<Buffer>, into: NodeJS.WritableStream) {
  for await (const chunk of stream) into.write(chunk);
  into.end();
}

function verifyMenderSignature(manifest: Buffer, sigText: string, keyPem: string): boolean {
  const sig = Buffer.from(sigText.trim(), 'base64');
  let key: KeyObject;
  try {
    key = createPublicKey(keyPem);
  } catch {
    return false;
  }
  try {
    if (key.asymmetricKeyType === 'ed25519') return verify(null, manifest, key, sig);
    if (key.asymmetricKeyType === 'ec') return verify('sha256', manifest, { key, dsaEncoding: 'ieee-p1363' }, sig);
    return verify('sha256', manifest, key, sig);
  } catch {
    return false;
  }
}

async function readMender(stream: AsyncIterable<Buffer>, keys: VendorKeys): Promise<ArtifactResult> {
  const extract = tar.extract();
  const pump = feed(stream, extract).catch((e) => extract.destroy(e));
  let version: Buffer | null = null;
  let manifest: Buffer | null = null;
  let signature: string | null = null;
  let headerInfo: Record<string, unknown> | null = null;
  const hashes = new Map<string, string>();
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (name === 'version' || name === 'manifest' || name === 'manifest.sig') {
        const bytes = await entryBytes(entry, 1024 * 1024);
        hashes.set(name, createHash('sha256').update(bytes).digest('hex'));
        if (name === 'version') version = bytes;
        else if (name === 'manifest') manifest = bytes;
        else signature = bytes.toString('utf8');
      } else if (name === 'header.tar.gz') {
        const bytes = await entryBytes(entry, 16 * 1024 * 1024);
        hashes.set(name, createHash('sha256').update(bytes).digest('hex'));
        headerInfo = await readHeaderInfo(bytes);
      } else if (/^data\/\d{4}\.tar\.gz$/.test(name)) {
        await hashTarGz(entry as unknown as Readable, name.replace(/\.tar\.gz$/, ''), hashes);
      } else if (/^data\/\d{4}\.tar/.test(name)) {
        throw malformed(`${name}: only gzip payloads are read`);
      } else {
        for await (const _ of entry) {
          // skipped
        }
      }
    }
  } catch (error) {
    if (error instanceof ArtifactError) throw error;
    throw malformed(error instanceof Error ? error.message.slice(0, 120) : 'not a tar archive');
  }
  await pump;
  if (!version || !manifest) throw malformed('no version or manifest');
  let format: { format?: string; version?: number };
  try {
    format = JSON.parse(version.toString('utf8'));
  } catch {
    throw malformed('version is not JSON');
  }
  if (format.format !== 'mender' || format.version !== 3) throw malformed('only Mender artifact format 3 is read');
  let state: ArtifactResult['signature'] = 'none';
  if (signature !== null) {
    if (!keys.menderPublicKey) throw new ArtifactError('artifactNoKey', { kind: 'Mender' });
    if (!verifyMenderSignature(manifest, signature, keys.menderPublicKey))
      throw new ArtifactError('artifactBadSignature', { kind: 'Mender', detail: 'manifest.sig' });
    state = 'verified';
  } else if (keys.menderPublicKey) {
    throw new ArtifactError('artifactUnsigned', { kind: 'Mender' });
  }
  // Every line of the (signed) manifest must match what was shipped, and every shipped part be listed.
  const listed = new Set<string>();
  for (const line of manifest.toString('utf8').split('\n')) {
    const m = /^([0-9a-f]{64})\s+(\S+)$/.exec(line.trim());
    if (!m) continue;
    const [, sum, path] = m as unknown as [string, string, string];
    listed.add(path);
    if (hashes.get(path) !== sum) throw new ArtifactError('artifactHashMismatch', { entry: path });
  }
  for (const path of hashes.keys())
    if (path !== 'manifest' && path !== 'manifest.sig' && !listed.has(path))
      throw new ArtifactError('artifactHashMismatch', { entry: path });
  const provides = (headerInfo?.artifact_provides ?? {}) as Record<string, unknown>;
  const depends = (headerInfo?.artifact_depends ?? {}) as Record<string, unknown>;
  const payloads = ((headerInfo?.payloads ?? []) as Array<{ type?: string }>).map((p) => p.type ?? '');
  return {
    kind: 'mender',
    signature: state,
    info: {
      name: String(provides.artifact_name ?? ''),
      deviceTypes: Array.isArray(depends.device_type) ? depends.device_type.map(String) : [],
      provides,
      depends,
      payloads,
    },
  };
}

async function readHeaderInfo(gz: Buffer): Promise<Record<string, unknown> | null> {
  const extract = tar.extract();
  const gunzip = createGunzip();
  gunzip.on('error', (e) => extract.destroy(e));
  gunzip.pipe(extract);
  gunzip.end(gz);
  let info: Record<string, unknown> | null = null;
  for await (const entry of extract) {
    const bytes = await entryBytes(entry, 1024 * 1024);
    if (entry.header.name === 'header-info') {
      try {
        info = JSON.parse(bytes.toString('utf8'));
      } catch {
        throw malformed('header-info is not JSON');
      }
    }
  }
  if (!info) throw malformed('no header-info');
  return info;
}

/** Reads a stored file by its name's kind: raw files pass as they are; artifacts are parsed and verified. */
export async function readArtifact(
  name: string,
  open: () => Promise<AsyncIterable<Buffer>>,
  keys: VendorKeys,
): Promise<ArtifactResult> {
  const kind = artifactKindOf(name);
  if (kind === 'raw') return { kind, signature: 'none', info: null };
  const stream = await open();
  return kind === 'swu' ? readSwu(stream, keys) : readMender(stream, keys);
}
