import { SOFT_FORMATS, type SoftOs } from '@keel/contract/endpoints/pc-software-model';
import type { Insertable } from 'kysely';
import { AppError, invalidInput, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { readableFiles } from '../file/service';
import { certificateSha256, moduleCertificatesFor, signArtifact, signModuleOf } from '../signing/reads';
import type { Caller } from './caller';
import type { SoftRow } from './repo';
import type { SoftInstallersTable } from './tables';
import type { InstallerRow } from './version-repo';

/**
 * Installers (README "Installers"): one per (os, arch, format) of a version, each a file of the software's space whose
 * name, size and SHA-256 the row copies. When the software has a sign module, every installer that is not signed yet
 * is signed through the signing service on the saver's authority: a detached CMS signature (base64 DER) and the
 * SHA-256 of the signing certificate. Signing happens before the version's transaction (the signing service keeps its
 * own record of each signature); a refusal leaves the version as it was.
 */

export interface InstallerInput {
  os: string;
  arch: string;
  format: string;
  fid: string;
}

export type InstallerValues = Omit<Insertable<SoftInstallersTable>, 'pno'>;

const keyOf = (i: { os: string; arch: string; format: string }) => `${i.os}/${i.arch}/${i.format}`;

/** Whether two lists name the same installers (platform and file). */
export const sameInstallers = (a: readonly InstallerInput[], b: readonly InstallerRow[]) =>
  a.length === b.length && a.every((i) => b.some((r) => keyOf(r) === keyOf(i) && r.fid === i.fid));

/**
 * What a version's installers become: those kept as they are (`keep`), those to remove, and the rows to insert (new
 * ones and unsigned ones now signed), each checked and, with a sign module, signed.
 */
export async function planInstallers(
  s: Services,
  c: Caller,
  soft: SoftRow,
  versionId: string,
  wanted: readonly InstallerInput[],
  current: readonly InstallerRow[],
): Promise<{ remove: string[]; insert: InstallerValues[] }> {
  const seen = new Set<string>();
  for (const i of wanted) {
    const formats: readonly string[] = SOFT_FORMATS[i.os as SoftOs] ?? [];
    if (!formats.includes(i.format)) throw new AppError('softFormatOs', { format: i.format, os: i.os });
    if (seen.has(keyOf(i))) throw invalidInput('installers');
    seen.add(keyOf(i));
  }
  const signing = soft.sign_module_id !== '';
  const kept = (i: InstallerInput) =>
    current.find((r) => keyOf(r) === keyOf(i) && r.fid === i.fid && (!signing || r.signature !== ''));
  const fresh = wanted.filter((i) => !kept(i));
  const files =
    fresh.length > 0
      ? await readableFiles(
          s,
          c.ctx,
          fresh.map((i) => i.fid),
        )
      : [];
  for (const f of files) if (f.sid !== soft.sid) throw new AppError('softFileOutsideSpace', { name: f.name });
  const signer = signing && fresh.length > 0 ? await signerOf(s, c, soft.sign_module_id) : null;
  const now = s.now();
  const insert: InstallerValues[] = [];
  for (const [n, i] of fresh.entries()) {
    const file = files[n];
    if (!file) throw notFound('fid');
    let signature = '';
    let certSha = '';
    if (signer) {
      const bytes = await s.blobs.store.read(file.sha256);
      if (!bytes) throw notFound('fid');
      const { output } = await signArtifact(s, {
        tenant: c.t,
        uid: c.uid,
        via: 'console',
        moduleId: soft.sign_module_id,
        certId: signer.certId,
        source: { kind: 'bytes', name: file.name, chunks: bytes },
      });
      signature = output.toString('base64');
      certSha = signer.certSha256;
    }
    insert.push({
      installer_id: newId(),
      soft_id: soft.soft_id,
      version_id: versionId,
      os: i.os,
      arch: i.arch,
      format: i.format,
      fid: file.fid,
      file_name: file.name,
      size: file.size,
      sha256: file.sha256,
      signature,
      signer_cert_sha256: certSha,
      created_at: now,
    });
  }
  const remove = current.filter((r) => !wanted.some((i) => kept(i) === r)).map((r) => r.installer_id);
  return { remove, insert };
}

/**
 * The certificate the saver signs with: the first one the module binds that they may sign with; without one, the
 * module's first certificate, which the signing service then refuses with its reason.
 */
async function signerOf(s: Services, c: Caller, moduleId: string) {
  const module = await signModuleOf(s.db, c.t, moduleId);
  if (!module) throw notFound('signModuleId');
  const { bound, signable } = await moduleCertificatesFor(s, c.t, c.uid, moduleId);
  const certId = signable[0] ?? bound[0];
  if (!certId) throw new AppError('softSignModuleNoCert', { name: module.name });
  return { certId, certSha256: (await certificateSha256(s.db, c.t, certId)) ?? '' };
}
