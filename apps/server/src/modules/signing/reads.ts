import { createHash } from 'node:crypto';
import type { Db } from '../../platform/db/connect';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { signableRels } from './auths';
import { aptPublicKey, signAptRelease } from './openpgp-keys';
import { findCert, findModule, findUkey, relsOfModule } from './repo';
import {
  serviceCertificate,
  serviceCertificatePem,
  signJarAsService,
  signRawAsService,
  verifyRawAsService,
} from './service-keys';
import { signArtifact } from './sign';

/**
 * The signing reads other modules build on (the app store's signing link, its index key, and re-signing an app's APK
 * with its certificate; the security chain's authorisation keys). This file imports no other module. No SQL here.
 */

/** Whether the property has the certificate. */
export const hasSigningCert = async (db: Db, tenant: Tenant, certId: string) =>
  (await findCert(db, tenant, certId)) !== undefined;

/** Whether the property has the USB key. */
export const hasUkey = async (db: Db, tenant: Tenant, ukeyId: string) =>
  (await findUkey(db, tenant, ukeyId)) !== undefined;

/** The certificate the property's app store index is signed with (made on first use): DER and SHA-256 (hex). */
export const appStoreIndexCertificate = (s: Services, tenant: Tenant) => serviceCertificate(s, tenant, 'appStoreIndex');

/** A JAR of `entries` signed with the property's app store index key. */
export const signAppStoreIndex = (s: Services, tenant: Tenant, entries: readonly { name: string; data: Buffer }[]) =>
  signJarAsService(s, tenant, 'appStoreIndex', entries);

/** The security chain's signature algorithms (its JWS `alg`), each with its service key. */
export type SecurityAlgorithm = 'ES256' | 'SM2SM3';
const SECURITY_PURPOSES = { ES256: 'securityEs256', SM2SM3: 'securitySm2' } as const;

/** The certificate devices verify the property's `alg` authorisations with (made on first use). */
export const securityCertificate = (s: Services, tenant: Tenant, alg: SecurityAlgorithm) =>
  serviceCertificatePem(s, tenant, SECURITY_PURPOSES[alg]);

/** Signs a JWS signing input with the property's `alg` key: `r || s` (64 bytes) and the key's id. */
export const signSecurityToken = (s: Services, tenant: Tenant, alg: SecurityAlgorithm, input: Buffer) =>
  signRawAsService(s, tenant, SECURITY_PURPOSES[alg], input);

/** Whether `signature` (`r || s`) is the property's `alg` key's signature of a JWS signing input. */
export const verifySecurityToken = (
  s: Services,
  tenant: Tenant,
  alg: SecurityAlgorithm,
  input: Buffer,
  signature: Buffer,
) => verifyRawAsService(s, tenant, SECURITY_PURPOSES[alg], input, signature);

/** A sign module's name and type (`apk`, `cms`, …), or null when the property has no such module. */
export async function signModuleOf(db: Db, tenant: Tenant, moduleId: string) {
  const module = await findModule(db, tenant, moduleId);
  return module ? { name: module.name, signType: module.sign_type } : null;
}

/** The SHA-256 (hex) of a certificate's DER, or null when the property has no such certificate (or it has none yet). */
export async function certificateSha256(db: Db, tenant: Tenant, certId: string): Promise<string | null> {
  const cert = await findCert(db, tenant, certId);
  return cert?.cert_der ? createHash('sha256').update(Buffer.from(cert.cert_der, 'base64')).digest('hex') : null;
}

/**
 * The certificates a sign module binds (`bound`, in the order they were bound) and those of them `uid` may sign with
 * now (`signable`: granted to them, not expired): what an area signing with a module on a person's authority picks
 * its certificate from (the PC software store's installers).
 */
export async function moduleCertificatesFor(s: Services, tenant: Tenant, uid: string, moduleId: string) {
  const rels = (await relsOfModule(s.db, tenant, moduleId)).sort(
    (a, b) => Number(a.created_at) - Number(b.created_at) || a.rel_id.localeCompare(b.rel_id),
  );
  const allowed = rels.length > 0 ? await signableRels(s, tenant, uid) : new Set<string>();
  const signable: string[] = [];
  for (const r of rels) {
    if (!allowed.has(r.rel_id)) continue;
    const cert = await findCert(s.db, tenant, r.cert_id);
    if (cert?.cert_der && Number(cert.not_after) > s.now()) signable.push(r.cert_id);
  }
  return { bound: rels.map((r) => r.cert_id), signable };
}

/**
 * `signArtifact`: signs through the one signing interface (sign.ts): the module binds the certificate, the user is
 * authorised. `aptPublicKey`, `signAptRelease`: the OpenPGP key a property's APT repository is signed with (made on
 * first use), and the signing of its Release (openpgp-keys.ts).
 */
export { aptPublicKey, signAptRelease, signArtifact };
