import type { RequestContext } from '../../platform/http/context';
import { requireUpload, requireUser } from '../../platform/http/context';
import type { Services } from '../../platform/services';
import { safeFileName } from '../../platform/storage/file-name';
import { tenantOf } from '../../platform/tenancy/tenant';
import { signAnswer } from './service';
import { type SignResult, signArtifact, signatureLink } from './sign';

/**
 * Signing an uploaded file in one call (README "Pipelines"): `sign/signUpload` with the console session and
 * `sign/pipelineSign` with a personal access token (checked by the access layer as the member's own call in the
 * token's property). The file streams into the signer (never buffered whole, except an APK, which is rewritten);
 * its length was checked against SIGN_UPLOAD_MAX by the mount.
 */
async function signUploaded(
  s: Services,
  ctx: RequestContext,
  input: { moduleId: string; certId: string },
): Promise<SignResult> {
  const part = await requireUpload(ctx).file();
  const result = await signArtifact(s, {
    tenant: tenantOf(ctx),
    uid: requireUser(ctx).uid,
    via: ctx.accessToken ? 'pipeline' : 'console',
    tokenId: ctx.accessToken?.tokenId,
    moduleId: input.moduleId,
    certId: input.certId,
    source: { kind: 'bytes', name: safeFileName(part.filename), chunks: part.stream },
  });
  ctx.audit.target = result.record.sigId;
  return result;
}

export async function uploadSign(s: Services, ctx: RequestContext, input: { moduleId: string; certId: string }) {
  return signAnswer(await signUploaded(s, ctx, input));
}

/** …and a link to download the signature, for a pipeline that has no session to fetch it with. */
export async function pipelineSign(s: Services, ctx: RequestContext, input: { moduleId: string; certId: string }) {
  const result = await signUploaded(s, ctx, input);
  return { ...signAnswer(result), downloadUrl: signatureLink(s, tenantOf(ctx).pno, result.record.sigId).url };
}
