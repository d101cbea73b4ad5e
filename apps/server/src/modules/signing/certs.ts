import type { SignatureAlgorithm } from '@keel/contract/constants';
import { CERT_EXPIRY_WARN_DAYS, type CertItem, type CertTreeNode } from '@keel/contract/endpoints/signing';
import type { RequestContext } from '../../platform/http/context';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { type Tenant, tenantOf } from '../../platform/tenancy/tenant';
import { ALGORITHMS, DEFAULT_ALGORITHM, type KeyType } from './crypto/algorithms';
import { generatePkcs8, inspectPkcs8, KeyError, type KeySpec, softwareKey } from './crypto/keys';
import {
  certificationRequest,
  type ImportedMaterial,
  readCertificate,
  readPemOrDer,
  readPkcs12,
  type SubjectInput,
  selfSignedCertificate,
  toPem,
} from './crypto/x509';
import { sealKey } from './keystore';
import * as repo from './repo';

/** Certificates (README "Certificates"): generate, import, read, delete; what is shown never holds key material. */

const DAY = 86_400_000;
export const WARN_MS = CERT_EXPIRY_WARN_DAYS * DAY;

export function certItemOf(r: repo.CertRow, now: number): CertItem {
  const expired = r.state === 'active' && r.not_after <= now;
  return {
    certId: r.cert_id,
    name: r.name,
    state: r.state as CertItem['state'],
    keySource: r.key_source as CertItem['keySource'],
    ukeyId: r.ukey_id,
    keyType: r.key_type as KeyType,
    keyBits: r.key_bits,
    curve: r.curve,
    subject: r.subject,
    issuer: r.issuer,
    serial: r.serial,
    notBefore: Number(r.not_before),
    notAfter: Number(r.not_after),
    fingerprint: r.state === 'csr' ? '' : r.fingerprint,
    signatureAlgorithm: r.sig_alg,
    selfSigned: r.subject === r.issuer && r.state === 'active' ? 1 : 0,
    expiringSoon: !expired && r.state === 'active' && r.not_after - now <= WARN_MS ? 1 : 0,
    expired: expired ? 1 : 0,
    remark: r.remark,
    createTime: Number(r.created_at),
  };
}

export const algorithmsFor = (keyType: string): SignatureAlgorithm[] =>
  Object.values(ALGORITHMS)
    .filter((a) => a.keyType === keyType)
    .map((a) => a.name);

export async function certForRequest(s: Services, t: Tenant, certId: string): Promise<repo.CertRow> {
  const row = await repo.findCert(s.db, t, certId);
  if (!row) throw notFound('certId');
  return row;
}

export async function listCerts(
  s: Services,
  ctx: RequestContext,
  input: { pageNum: number; pageSize: number; str?: string; keyType?: string; expiring?: number },
) {
  const now = s.now();
  const { rows, total } = await repo.pageCerts(
    s.db,
    tenantOf(ctx),
    { str: input.str, keyType: input.keyType, expiringBefore: input.expiring ? now + WARN_MS : undefined, now },
    input,
  );
  return { list: rows.map((r) => certItemOf(r, now)), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

export async function certInfo(s: Services, ctx: RequestContext, certId: string) {
  const t = tenantOf(ctx);
  const row = await certForRequest(s, t, certId);
  const all = await repo.allCerts(s.db, t);
  const chain: Array<{ certId: string; name: string; subject: string }> = [];
  let current = row;
  for (let i = 0; i < 10; i++) {
    if (current.subject === current.issuer) break;
    const parent = all.find(
      (c) => c.subject === current.issuer && c.state === 'active' && c.cert_id !== current.cert_id,
    );
    if (!parent) break;
    chain.push({ certId: parent.cert_id, name: parent.name, subject: parent.subject });
    current = parent;
  }
  const counts = await repo.relCountsByCert(s.db, t, [certId]);
  return {
    ...certItemOf(row, s.now()),
    certPem: row.cert_der ? toPem(Buffer.from(row.cert_der, 'base64'), 'CERTIFICATE') : null,
    csrPem: row.csr_der ? toPem(Buffer.from(row.csr_der, 'base64'), 'CERTIFICATE REQUEST') : null,
    chain,
    algorithmList: row.key_source === 'none' ? [] : algorithmsFor(row.key_type),
    moduleCount: counts.get(certId) ?? 0,
  };
}

/** The certificates as chains: each under the certificate of the property whose subject is its issuer. */
export async function certTree(s: Services, ctx: RequestContext, str?: string): Promise<CertTreeNode[]> {
  const now = s.now();
  const rows = (await repo.allCerts(s.db, tenantOf(ctx))).filter((r) => r.state === 'active');
  const nodes = new Map<string, CertTreeNode>();
  for (const r of rows) {
    const item = certItemOf(r, now);
    nodes.set(r.cert_id, {
      certId: r.cert_id,
      name: r.name,
      subject: r.subject,
      issuer: r.issuer,
      notAfter: item.notAfter,
      expiringSoon: item.expiringSoon,
      expired: item.expired,
      children: [],
    });
  }
  const roots: CertTreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.cert_id) as CertTreeNode;
    const parent = r.subject === r.issuer ? undefined : rows.find((p) => p.subject === r.issuer && p !== r);
    if (parent) nodes.get(parent.cert_id)?.children.push(node);
    else roots.push(node);
  }
  if (!str) return roots;
  const needle = str.toLowerCase();
  const keep = (n: CertTreeNode): CertTreeNode | null => {
    const children = n.children.map(keep).filter((c): c is CertTreeNode => c !== null);
    const hit = n.name.toLowerCase().includes(needle) || n.subject.toLowerCase().includes(needle);
    return hit || children.length > 0 ? { ...n, children } : null;
  };
  return roots.map(keep).filter((n): n is CertTreeNode => n !== null);
}

const importFailed = (error: unknown) =>
  error instanceof KeyError ? new AppError('certImportFailed', { reason: error.message }) : error;

export async function generateCert(
  s: Services,
  ctx: RequestContext,
  input: {
    name: string;
    keyType: KeyType;
    keyBits: 2048 | 3072 | 4096;
    curve: 'P-256' | 'P-384' | 'P-521';
    subject: SubjectInput;
    days: number;
    mode: 'self' | 'csr';
    remark: string;
  },
): Promise<string> {
  const t = tenantOf(ctx);
  const spec: KeySpec =
    input.keyType === 'RSA'
      ? { keyType: 'RSA', bits: input.keyBits }
      : input.keyType === 'EC'
        ? { keyType: 'EC', curve: input.curve }
        : { keyType: 'SM2' };
  const pkcs8 = generatePkcs8(spec);
  try {
    const key = softwareKey(pkcs8);
    const alg = DEFAULT_ALGORITHM[input.keyType];
    const certId = newId();
    const now = s.now();
    const base = {
      cert_id: certId,
      name: input.name,
      key_source: 'soft',
      sealed_key: sealKey(s, pkcs8, `cert:${certId}`),
      spki: key.spki.toString('base64'),
      key_type: key.keyType,
      key_bits: key.bits,
      curve: key.curve,
      remark: input.remark,
      owner_uid: ctx.user?.uid ?? null,
      created_at: now,
      updated_at: now,
    };
    if (input.mode === 'csr') {
      const csr = await certificationRequest(key, alg, input.subject);
      const subject = readSubjectText(input.subject);
      await repo.insertCert(s.db, t, {
        ...base,
        state: 'csr',
        csr_der: csr.toString('base64'),
        subject,
        issuer: '',
        serial: '',
        not_before: 0,
        not_after: 0,
        fingerprint: `csr:${certId}`,
        sig_alg: alg,
      });
    } else {
      const der = await selfSignedCertificate(
        key,
        alg,
        input.subject,
        new Date(now - 60_000),
        new Date(now + input.days * DAY),
      );
      const facts = readCertificate(der);
      await repo.insertCert(s.db, t, {
        ...base,
        ...factColumns(facts),
        state: 'active',
        cert_der: der.toString('base64'),
      });
    }
    ctx.audit.target = certId;
    return certId;
  } finally {
    pkcs8.fill(0);
  }
}

const readSubjectText = (subject: SubjectInput) =>
  (['C', 'ST', 'L', 'O', 'OU', 'CN'] as const)
    .filter((k) => subject[k]?.trim())
    .map((k) => `${k}=${subject[k]?.trim()}`)
    .join(', ');

function factColumns(f: ReturnType<typeof readCertificate>) {
  return {
    subject: f.subject,
    issuer: f.issuer,
    serial: f.serial,
    not_before: f.notBefore,
    not_after: f.notAfter,
    fingerprint: f.fingerprint,
    sig_alg: f.signatureAlgorithm,
    spki: f.spki.toString('base64'),
    key_type: f.keyType,
    key_bits: f.bits,
    curve: f.curve,
  };
}

/**
 * Imports certificates (PEM/DER/PKCS#12): the first, with its key if one came, and any further certificates of the
 * chain as certificates without keys (skipped when already there). With `certId`: the certificate issued for that
 * CSR, whose public key must be the CSR's.
 */
export async function importCert(
  s: Services,
  ctx: RequestContext,
  input: {
    certId?: string;
    name: string;
    format: 'pem' | 'der' | 'p12';
    content: string;
    password: string;
    remark: string;
  },
): Promise<{ certId: string; certIdList: string[] }> {
  const t = tenantOf(ctx);
  const bytes = Buffer.from(input.content, 'base64');
  let material: ImportedMaterial;
  try {
    material = input.format === 'p12' ? await readPkcs12(bytes, input.password) : readPemOrDer(bytes);
  } catch (error) {
    throw importFailed(error);
  }
  try {
    const [first, ...rest] = material.certificates as [Buffer, ...Buffer[]];
    let facts: ReturnType<typeof readCertificate>;
    try {
      facts = readCertificate(first);
      if (material.pkcs8) inspectPkcs8(material.pkcs8);
    } catch (error) {
      throw importFailed(error);
    }
    const now = s.now();
    const ids: string[] = [];
    let mainId: string;
    await s.db.transaction().execute(async (trx) => {
      if (input.certId) {
        const pending = await repo.findCert(trx, t, input.certId);
        if (!pending) throw notFound('certId');
        if (pending.state !== 'csr')
          throw new AppError('certImportFailed', { reason: 'not waiting for a certificate' });
        if (pending.spki !== facts.spki.toString('base64')) {
          throw new AppError('certImportFailed', { reason: 'the certificate is not for this CSR’s key' });
        }
        await clash(trx, t, facts.fingerprint);
        await repo.updateCert(trx, t, input.certId, {
          ...factColumns(facts),
          state: 'active',
          cert_der: first.toString('base64'),
          updated_at: now,
        });
        mainId = input.certId;
      } else {
        await clash(trx, t, facts.fingerprint);
        mainId = newId();
        await repo.insertCert(trx, t, {
          cert_id: mainId,
          name: input.name || cnOf(facts.subject),
          state: 'active',
          key_source: material.pkcs8 ? 'soft' : 'none',
          sealed_key: material.pkcs8 ? sealKey(s, material.pkcs8, `cert:${mainId}`) : null,
          cert_der: first.toString('base64'),
          ...factColumns(facts),
          remark: input.remark,
          owner_uid: ctx.user?.uid ?? null,
          created_at: now,
          updated_at: now,
        });
      }
      ids.push(mainId);
      for (const extra of rest) {
        const f = readCertificate(extra);
        if (await repo.findCertByFingerprint(trx, t, f.fingerprint)) continue;
        const id = newId();
        await repo.insertCert(trx, t, {
          cert_id: id,
          name: cnOf(f.subject),
          state: 'active',
          key_source: 'none',
          cert_der: extra.toString('base64'),
          ...factColumns(f),
          owner_uid: ctx.user?.uid ?? null,
          created_at: now,
          updated_at: now,
        });
        ids.push(id);
      }
    });
    ctx.audit.target = ids[0];
    return { certId: ids[0] as string, certIdList: ids };
  } finally {
    material.pkcs8?.fill(0);
  }
}

async function clash(db: Services['db'], t: Tenant, fingerprint: string) {
  const existing = await repo.findCertByFingerprint(db, t, fingerprint);
  if (existing) throw new AppError('certTaken', { name: existing.name });
}

const cnOf = (subject: string) => /(?:^|, )CN=([^,]+)/.exec(subject)?.[1] ?? subject.slice(0, 60);

export async function deleteCert(s: Services, ctx: RequestContext, certId: string): Promise<void> {
  const t = tenantOf(ctx);
  await certForRequest(s, t, certId);
  ctx.audit.target = certId;
  await s.db.transaction().execute((trx) => repo.deleteCert(trx, t, certId));
}

/** Adds a certificate row (shared with USB keys). */
export async function insertCertificate(
  s: Services,
  t: Tenant,
  der: Buffer,
  extra: { name: string; ownerUid: string | null; ukeyId: string; tokenKeyId: string },
): Promise<string> {
  const facts = readCertificate(der);
  await clash(s.db, t, facts.fingerprint);
  const certId = newId();
  const now = s.now();
  await repo.insertCert(s.db, t, {
    cert_id: certId,
    name: extra.name,
    state: 'active',
    key_source: 'ukey',
    ukey_id: extra.ukeyId,
    token_key_id: extra.tokenKeyId,
    cert_der: der.toString('base64'),
    ...factColumns(facts),
    owner_uid: extra.ownerUid,
    created_at: now,
    updated_at: now,
  });
  return certId;
}
