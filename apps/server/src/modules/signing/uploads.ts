import { PIPELINE_PATH } from '@keel/contract/endpoints/signing';
import type { RequestContext } from '../../platform/http/context';
import { requireUpload, requireUser } from '../../platform/http/context';
import type { Services } from '../../platform/services';
import { safeFileName } from '../../platform/storage/file-name';
import { tenantOf } from '../../platform/tenancy/tenant';
import { signAnswer, tokenHolder } from './service';
import { signArtifact, signatureLink } from './sign';

/**
 * Signing an uploaded file in one call (README "Pipelines"): `sign/signUpload` with the console session and
 * `sign/pipelineSign` with a personal access token. The multipart body streams into the signer (never buffered
 * whole, except an APK, which is rewritten).
 */

/** `Authorization` headers of pipeline calls, by request id (set by http.ts, taken once by the handler). */
export const pendingAuthorization = new Map<string, string | undefined>();
export const PIPELINE_URL = `/api/${PIPELINE_PATH}`;

/** The call's file (its length was checked against SIGN_UPLOAD_MAX by the mount). */
async function openUpload(ctx: RequestContext) {
  const part = await requireUpload(ctx).file();
  return { name: safeFileName(part.filename), chunks: part.stream };
}

export async function uploadSign(s: Services, ctx: RequestContext, input: { moduleId: string; certId: string }) {
  const file = await openUpload(ctx);
  const result = await signArtifact(s, {
    tenant: tenantOf(ctx),
    uid: requireUser(ctx).uid,
    via: 'console',
    moduleId: input.moduleId,
    certId: input.certId,
    source: { kind: 'bytes', name: file.name, chunks: file.chunks },
  });
  ctx.audit.target = result.record.sigId;
  return signAnswer(result);
}

export async function pipelineSign(s: Services, ctx: RequestContext, input: { moduleId: string; certId: string }) {
  const authorization = pendingAuthorization.get(ctx.requestId);
  pendingAuthorization.delete(ctx.requestId);
  const holder = await tokenHolder(s, authorization);
  ctx.audit.actorUid = holder.uid;
  const file = await openUpload(ctx);
  const result = await signArtifact(s, {
    tenant: holder.tenant,
    uid: holder.uid,
    via: 'pipeline',
    tokenId: holder.tokenId,
    moduleId: input.moduleId,
    certId: input.certId,
    source: { kind: 'bytes', name: file.name, chunks: file.chunks },
  });
  ctx.audit.target = result.record.sigId;
  return { ...signAnswer(result), downloadUrl: signatureLink(s, holder.tenant.pno, result.record.sigId).url };
}
