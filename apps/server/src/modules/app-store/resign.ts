import { type AppVersionItem, AUDIT_STATUS } from '@keel/contract/endpoints/app-store';
import { AppError, notFound } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { signArtifact, signModuleOf } from '../signing/reads';
import { type Caller, versionOf } from './caller';
import { keepApkBytes } from './files';
import { versionItems } from './items';
import * as repo from './repo';

/**
 * Re-signing (README "Re-signing"): a draft or rejected version's APK is signed with the app's certificate
 * (`keystore`) through the signing service — a sign module of type `apk` the caller is authorised for, the service
 * keeping its record — and the signed APK, analysed as an upload is, becomes the version's file. The one it replaces
 * is left to the sweep (README "Files").
 */
export async function resignVersion(
  s: Services,
  c: Caller,
  input: { appVersionId: string; moduleId: string },
): Promise<AppVersionItem> {
  const { version, app } = await versionOf(s, c, input.appVersionId);
  if (!app.keystore) throw new AppError('appNoKeystore');
  if (version.audit_status === AUDIT_STATUS.auditing || version.audit_status === AUDIT_STATUS.passed) {
    throw new AppError('appUnderReview');
  }
  const module = await signModuleOf(s.db, c.t, input.moduleId);
  if (!module) throw notFound('moduleId');
  if (module.signType !== 'apk') throw new AppError('signModuleNotApk', { name: module.name });
  const file = await repo.findFile(s.db, c.t, version.fid);
  const bytes = file && (await s.blobs.store.read(file.sha256));
  if (!file || !bytes) throw notFound('appVersionId');
  const { output } = await signArtifact(s, {
    tenant: c.t,
    uid: c.uid,
    via: 'console',
    moduleId: input.moduleId,
    certId: app.keystore,
    source: { kind: 'bytes', name: file.name, chunks: bytes },
  });
  const signed = await keepApkBytes(s, c.t, file.uid, file.name, output);
  await repo.updateVersion(s.db, c.t, version.app_version_id, { fid: signed.fid, updated_at: s.now() });
  const row = await repo.findVersion(s.db, c.t, version.app_version_id);
  const [item] = await versionItems(s, c.t, app.package_name, row ? [row] : []);
  return item as AppVersionItem;
}
