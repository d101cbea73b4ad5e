import type { SignatureAlgorithm } from '@keel/contract/constants';
import { SIGNING_PERMISSIONS, type SignType } from '@keel/contract/endpoints/signing';
import { issueAccessToken, listAccessTokens, revokeAccessToken } from '../../platform/auth/access-tokens';
import { type RequestContext, requireUser } from '../../platform/http/context';
import { AppError, notFound } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { tenantOf } from '../../platform/tenancy/tenant';
import { fileForRequest } from '../file/service';
import { signableRels } from './auths';
import { ALGORITHMS } from './crypto/algorithms';
import * as repo from './repo';
import { servicePublicKey, signAsService } from './service-keys';
import { recordItem, type SignRequest, type SignResult, signArtifact, signatureLink } from './sign';

/**
 * The signing service (README.md). Other areas (firmware packages and manifests, app versions, PC software,
 * device authorisations) sign through `signing.sign` — the one place that holds keys — naming the person on whose
 * authority they sign; routes use the rest. No SQL and no HTTP here.
 */
export const signing = {
  /** Signs an artifact for `uid` (their authorisation checked), records it, answers the record and the output. */
  sign: (s: Services, request: Omit<SignRequest, 'via'> & { via?: SignRequest['via'] }): Promise<SignResult> =>
    signArtifact(s, { via: 'service', ...request }),
  /** Signs as the property itself, with its service key for a purpose (firmware manifests): service-keys.ts. */
  signAsService,
  /** The public key (and its id) devices verify such signatures with. */
  servicePublicKey,
};

export { addAuths, listAuths, removeAuths } from './auths';
export { certInfo, certTree, deleteCert, generateCert, importCert, listCerts } from './certs';
export { EXPIRY_INTERVAL_MS, EXPIRY_JOB, warnExpiring } from './expiry';
export { masterKey } from './keystore';
export type { LegacyKey, ServiceKeyPurpose, ServicePublicKey } from './service-keys';
export type { SignRequest, SignResult, SignSource } from './sign';
export { SIGNATURE_DOWNLOAD_PREFIX, signatureLinkTarget } from './sign';
export * from './sign-modules';
export { addUkey, addUkeyCert, deleteUkey, listUkeys, slots, ukeyCerts, ukeyKeys } from './ukeys';

const canSeeAll = (ctx: RequestContext) => ctx.property?.permissions.has(SIGNING_PERMISSIONS.moduleEdit) ?? false;

/** A signed answer for the API: the record and the signature in base64 (an APK's output is downloaded instead). */
export const signAnswer = (r: SignResult) => ({
  ...r.record,
  signature: r.record.signType === 'apk' ? '' : r.output.toString('base64'),
});

/** sign/signFile: a file of a space the caller may read, or a digest. */
export async function signFile(
  s: Services,
  ctx: RequestContext,
  input: { moduleId: string; certId: string; fid?: string; hash?: string; name?: string },
) {
  const t = tenantOf(ctx);
  const uid = requireUser(ctx).uid;
  let result: SignResult;
  if (input.fid) {
    const file = await fileForRequest(s, ctx, input.fid, 'read');
    const stream = await s.blobs.store.read(file.sha256);
    if (!stream) throw notFound('fid');
    result = await signArtifact(s, {
      tenant: t,
      uid,
      via: 'console',
      moduleId: input.moduleId,
      certId: input.certId,
      source: { kind: 'bytes', name: input.name || file.name, chunks: stream },
    });
  } else if (input.hash) {
    result = await signArtifact(s, {
      tenant: t,
      uid,
      via: 'console',
      moduleId: input.moduleId,
      certId: input.certId,
      source: { kind: 'hash', name: input.name || 'digest', hex: input.hash },
    });
  } else {
    throw new AppError('invalidInput', { field: 'fid' });
  }
  ctx.audit.target = result.record.sigId;
  return signAnswer(result);
}

export async function listRecords(
  s: Services,
  ctx: RequestContext,
  input: { pageNum: number; pageSize: number; str?: string; moduleId?: string; certId?: string },
) {
  const uid = canSeeAll(ctx) ? undefined : requireUser(ctx).uid;
  const { rows, total } = await repo.pageRecords(s.db, tenantOf(ctx), { ...input, uid }, input);
  return { list: rows.map(recordItem), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

export async function recordDownload(s: Services, ctx: RequestContext, sigId: string) {
  const t = tenantOf(ctx);
  const row = await repo.findRecord(s.db, t, sigId);
  if (!row || (!canSeeAll(ctx) && row.requester_uid !== requireUser(ctx).uid)) throw notFound('sigId');
  return signatureLink(s, t.pno, sigId);
}

/** What the caller may sign with now. */
export async function signOptions(s: Services, ctx: RequestContext) {
  const t = tenantOf(ctx);
  const allowed = await signableRels(s, t, requireUser(ctx).uid);
  const now = s.now();
  const certs = await repo.allCerts(s.db, t);
  const out = [];
  for (const m of await repo.allModules(s.db, t)) {
    const rels = (await repo.relsOfModule(s.db, t, m.module_id)).filter((r) => allowed.has(r.rel_id));
    if (rels.length === 0) continue;
    out.push({
      moduleId: m.module_id,
      moduleName: m.name,
      signType: m.sign_type as SignType,
      certList: rels.flatMap((r) => {
        const c = certs.find((x) => x.cert_id === r.cert_id);
        if (!c) return [];
        const alg = r.algorithm as SignatureAlgorithm;
        return [
          {
            certId: c.cert_id,
            name: c.name,
            algorithm: alg,
            weak: (ALGORITHMS[alg].weak ? 1 : 0) as 0 | 1,
            expired: (Number(c.not_after) <= now ? 1 : 0) as 0 | 1,
          },
        ];
      }),
    });
  }
  return out;
}

// Personal access tokens (platform/auth/access-tokens.ts): a member's own, in the property.

export const listTokens = (s: Services, ctx: RequestContext) =>
  listAccessTokens(s.db, tenantOf(ctx).pno, requireUser(ctx).uid);

export async function addToken(s: Services, ctx: RequestContext, input: { name: string; days: number }) {
  const made = await issueAccessToken(s.db, {
    pno: tenantOf(ctx).pno,
    uid: requireUser(ctx).uid,
    name: input.name,
    days: input.days,
    now: s.now(),
  });
  ctx.audit.target = made.tokenId;
  return made;
}

export async function deleteToken(s: Services, ctx: RequestContext, tokenId: string) {
  if (!(await revokeAccessToken(s.db, tenantOf(ctx).pno, requireUser(ctx).uid, tokenId))) throw notFound('tokenId');
  ctx.audit.target = tokenId;
  return null;
}
