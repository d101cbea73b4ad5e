import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { SignatureAlgorithm } from '@keel/contract/constants';
import { SIGN_UPLOAD_MAX, type SignRecordItem, type SignType } from '@keel/contract/endpoints/signing';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { signedLink, signedLinkValid } from '../../platform/storage/signed-links';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { maySign } from './auths';
import { ALGORITHMS, DIGEST_LENGTHS } from './crypto/algorithms';
import { ApkError, signApk } from './crypto/apk';
import { detachedSignedData } from './crypto/cms';
import { KeyError, type SigningKey } from './crypto/keys';
import { toPem } from './crypto/x509';
import { keyOfCert } from './keystore';
import * as repo from './repo';

/**
 * Signing (README "Signing"): the one interface every area signs through (`signArtifact`), the records it keeps, and
 * the links that download what it made. Keys are opened for the call only (keystore.ts); nothing here returns or
 * logs key material.
 */

export type Via = 'console' | 'pipeline' | 'service';

/** What is signed: a stream of the artifact's bytes, or a digest the caller computed. */
export type SignSource =
  | { kind: 'bytes'; name: string; chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array> }
  | { kind: 'hash'; name: string; hex: string };

export interface SignRequest {
  tenant: Tenant;
  /** The person on whose authority the call signs (their authorisations are checked). */
  uid: string;
  via: Via;
  tokenId?: string;
  moduleId: string;
  certId: string;
  source: SignSource;
}

export interface SignResult {
  record: SignRecordItem;
  /** The signature (raw, CMS) or the manifest or the signed APK. */
  output: Buffer;
}

const weak = (alg: string) => (ALGORITHMS[alg as SignatureAlgorithm]?.weak ? 1 : 0) as 0 | 1;
const invalid = (reason: string) => new AppError('signInputInvalid', { reason });

/** Reads the chunks, hashing them (SHA-256 for the record) and handing them on. */
async function* tee(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  seen: { sha256: ReturnType<typeof createHash>; size: number },
): AsyncIterable<Uint8Array> {
  for await (const c of chunks) {
    seen.size += c.length;
    if (seen.size > SIGN_UPLOAD_MAX) throw new AppError('tooLarge');
    seen.sha256.update(c);
    yield c;
  }
}

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const c of chunks) parts.push(c);
  return Buffer.concat(parts);
}

const baseName = (name: string) => name.replace(/\.[^.]{1,8}$/, '') || 'artifact';

interface Made {
  output: Buffer;
  outputName: string;
  artifactSha256: string;
  artifactSize: number | null;
}

async function make(
  type: SignType,
  key: SigningKey,
  alg: SignatureAlgorithm,
  certDer: Buffer,
  req: SignRequest,
): Promise<Made> {
  const def = ALGORITHMS[alg];
  const src = req.source;
  const seen = { sha256: createHash('sha256'), size: 0 };
  if (src.kind === 'hash') {
    const digest = Buffer.from(src.hex, 'hex');
    if (type === 'apk') throw invalid('an APK is signed from its file, not a digest');
    if (type === 'firmware') {
      if (digest.length !== 32) throw invalid('a firmware manifest takes the SHA-256 of the image');
      return manifest(key, alg, certDer, src.name, src.hex.toLowerCase(), null);
    }
    if (digest.length !== DIGEST_LENGTHS[def.digest]) throw invalid(`${alg} takes a ${def.digest} digest`);
    const output =
      type === 'cms'
        ? await detachedSignedData({ key, alg, certificate: certDer, contentDigest: digest })
        : await key.signDigest(alg, digest);
    return {
      output,
      outputName: `${src.name}.${type === 'cms' ? 'p7s' : 'sig'}`,
      artifactSha256: '',
      artifactSize: null,
    };
  }
  if (type === 'raw') {
    const output = await key.signStream(alg, tee(src.chunks, seen));
    return {
      output,
      outputName: `${src.name}.sig`,
      artifactSha256: seen.sha256.digest('hex'),
      artifactSize: seen.size,
    };
  }
  if (type === 'cms') {
    const h = createHash(def.digest);
    for await (const c of tee(src.chunks, seen)) h.update(c);
    const output = await detachedSignedData({ key, alg, certificate: certDer, contentDigest: h.digest() });
    return {
      output,
      outputName: `${src.name}.p7s`,
      artifactSha256: seen.sha256.digest('hex'),
      artifactSize: seen.size,
    };
  }
  if (type === 'firmware') {
    for await (const _ of tee(src.chunks, seen)) {
      // hashed by tee
    }
    const sha = seen.sha256.digest('hex');
    const made = await manifest(key, alg, certDer, src.name, sha, seen.size);
    return { ...made, artifactSha256: sha, artifactSize: seen.size };
  }
  const apk = await collect(tee(src.chunks, seen));
  const sha = seen.sha256.digest('hex');
  const output = await signApk(apk, key, alg, certDer);
  return { output, outputName: `${baseName(src.name)}-signed.apk`, artifactSha256: sha, artifactSize: seen.size };
}

/**
 * A firmware manifest: `payload` (the JSON text that is signed: format, image name, size, SHA-256, algorithm,
 * certificate fingerprint, time), its `signature` (base64) and the signing certificate (PEM).
 */
async function manifest(
  key: SigningKey,
  alg: SignatureAlgorithm,
  certDer: Buffer,
  name: string,
  sha256: string,
  size: number | null,
): Promise<Made> {
  const fingerprint = createHash('sha256').update(certDer).digest('hex');
  const payload = JSON.stringify({
    format: 'keel-firmware-manifest/1',
    name,
    size,
    sha256,
    algorithm: alg,
    certificateSha256: fingerprint,
    signedAt: new Date().toISOString(),
  });
  const signature = await key.signStream(alg, [Buffer.from(payload, 'utf8')]);
  const output = Buffer.from(
    `${JSON.stringify(
      { payload, signature: signature.toString('base64'), algorithm: alg, certificate: toPem(certDer, 'CERTIFICATE') },
      null,
      2,
    )}\n`,
  );
  return { output, outputName: `${name}.manifest.json`, artifactSha256: sha256, artifactSize: size };
}

/**
 * Signs an artifact (THE signing interface of Keel): checks that the module binds the certificate and that `uid` is
 * authorised for it, signs with the module's type and the relation's algorithm, keeps the output as a blob, and
 * writes the signing record (requester, artifact hash, certificate fingerprint, algorithm).
 */
export async function signArtifact(s: Services, req: SignRequest): Promise<SignResult> {
  const t = req.tenant;
  const module = await repo.findModule(s.db, t, req.moduleId);
  if (!module) throw notFound('moduleId');
  const cert = await repo.findCert(s.db, t, req.certId);
  if (!cert) throw notFound('certId');
  const rel = await repo.findRelByPair(s.db, t, req.moduleId, req.certId);
  if (!rel) throw new AppError('certNotBound', { cert: cert.name, module: module.name });
  if (!(await maySign(s, t, req.uid, req.moduleId, req.certId, rel.rel_id))) {
    throw new AppError('signNotAuthorised', { cert: cert.name, module: module.name });
  }
  if (cert.state === 'active' && Number(cert.not_after) <= s.now()) {
    throw new AppError('certCannotSign', { cert: cert.name, reason: 'expired' });
  }
  const key = await keyOfCert(s, t, cert);
  const alg = rel.algorithm as SignatureAlgorithm;
  let made: Made;
  try {
    made = await make(module.sign_type as SignType, key, alg, Buffer.from(cert.cert_der as string, 'base64'), req);
  } catch (error) {
    if (error instanceof ApkError) throw invalid(error.message);
    if (error instanceof KeyError) throw new AppError('ukeyUnavailable', { reason: error.message });
    throw error;
  }
  const sigId = newId();
  const blob = await s.blobs.keep(Readable.from([made.output]), {
    owner: `signature:${sigId}`,
    maxSize: made.output.length + 1,
  });
  const now = s.now();
  const row = {
    sig_id: sigId,
    module_id: module.module_id,
    module_name: module.name,
    sign_type: module.sign_type,
    cert_id: cert.cert_id,
    cert_name: cert.name,
    fingerprint: cert.fingerprint,
    algorithm: alg,
    requester_uid: req.uid,
    via: req.via,
    token_id: req.tokenId ?? null,
    artifact_name: req.source.name,
    artifact_sha256: made.artifactSha256 || (req.source.kind === 'hash' ? req.source.hex.toLowerCase() : ''),
    artifact_size: made.artifactSize,
    output_name: made.outputName,
    output_sha256: blob.sha256,
    output_size: made.output.length,
    created_at: now,
  };
  await repo.insertRecord(s.db, t, row);
  s.log.info(
    {
      sigId,
      pno: t.pno,
      module: module.module_id,
      cert: cert.fingerprint,
      algorithm: alg,
      artifact: row.artifact_sha256,
    },
    'signing: signed',
  );
  return { record: recordItem({ ...row, requester_name: await repo.userName(s.db, req.uid) }), output: made.output };
}

export function recordItem(r: RecordRow): SignRecordItem {
  return {
    sigId: r.sig_id,
    moduleId: r.module_id,
    moduleName: r.module_name,
    signType: r.sign_type as SignType,
    certId: r.cert_id,
    certName: r.cert_name,
    fingerprint: r.fingerprint,
    algorithm: r.algorithm as SignatureAlgorithm,
    weak: weak(r.algorithm),
    requesterUid: r.requester_uid ?? null,
    requesterName: r.requester_name ?? '',
    via: r.via as SignRecordItem['via'],
    artifactName: r.artifact_name,
    artifactSha256: r.artifact_sha256,
    artifactSize: r.artifact_size === null ? null : Number(r.artifact_size),
    outputName: r.output_name,
    outputSize: Number(r.output_size),
    createTime: Number(r.created_at),
  };
}

type RecordRow = Omit<Parameters<typeof repo.insertRecord>[2], 'artifact_size'> & {
  artifact_size: number | null | undefined;
  requester_name: string | null | undefined;
};

// Download links of signing outputs (valid one minute; a browser downloads without the token header).

export const SIGNATURE_DOWNLOAD_PREFIX = '/api/signature';
const LINK_TTL_MS = 60_000;

export function signatureLink(s: Services, pno: string, sigId: string) {
  return signedLink(s, 'signature', SIGNATURE_DOWNLOAD_PREFIX, [pno, sigId], s.now() + LINK_TTL_MS);
}

/** What a valid link downloads, or null (forged, expired, gone). */
export async function signatureLinkTarget(
  s: Services,
  p: { pno: string; sigId: string; expires: string; sig: string },
) {
  if (!signedLinkValid(s, 'signature', [p.pno, p.sigId], p.expires, p.sig)) return null;
  const row = await repo.findRecord(s.db, propertyTenant(p.pno), p.sigId);
  return row
    ? {
        sha256: row.output_sha256,
        size: Number(row.output_size),
        name: row.output_name,
        contentType: row.sign_type === 'apk' ? 'application/vnd.android.package-archive' : 'application/octet-stream',
      }
    : null;
}
