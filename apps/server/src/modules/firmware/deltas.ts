import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { compareVersions, type DeltaState, type DiffItem, type SwType } from '@keel/contract/endpoints/firmware';
import { formatMessage, type Locale, type MessageKey } from '@keel/contract/status';
import type { RequestContext } from '../../platform/http/context';
import { requireUser } from '../../platform/http/context';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { JobContext } from '../../platform/jobs/runner';
import type { Services } from '../../platform/services';
import { propertyTenant, type Tenant, tenantOf } from '../../platform/tenancy/tenant';
import { type DeltaTask, runDelta } from './delta/generate';
import * as repo from './repo';
import { deltaOwner, ownPackage } from './service';

/**
 * Differential packages (README.md): a bsdiff 4 patch from a source package's main file to a newer target's, made
 * by the job `firmware.delta` in a worker thread and verified by applying it. The inputs are copied from the
 * BlobStore to a temporary directory (streamed), the patch is kept as a blob held by `fwDelta:<id>`.
 */

export const DELTA_JOB = 'firmware.delta';
/** A delta larger than this share of the full file is not worth keeping. */
export const MAX_DELTA_RATIO = 0.9;

/** Tests and the bench shrink the diff window to exercise the windowed path. */
export const deltaTuning: Pick<DeltaTask, 'window' | 'margin'> = {};

function reasonText(reason: string, locale: Locale): string {
  if (!reason) return '';
  try {
    const r = JSON.parse(reason) as { key: MessageKey; params: Record<string, string> };
    const params = { ...r.params };
    if (params.which) params.which = locale === 'en' ? params.which : params.which === 'target' ? '目标' : '源';
    return formatMessage(r.key, locale, params);
  } catch {
    return reason;
  }
}

function itemOf(r: repo.DeltaRow, locale: Locale): DiffItem {
  return {
    id: r.id,
    swType: r.sw_type as SwType,
    name: r.name,
    sourceId: r.source_id,
    sourceVersion: r.source_version,
    targetId: r.target_id,
    targetVersion: r.target_version,
    state: r.state as DeltaState,
    reason: reasonText(r.reason, locale),
    progress: Number(r.progress),
    size: Number(r.size),
    sha256: r.sha256,
    fullSize: Number(r.full_size),
    verified: Number(r.verified) ? 1 : 0,
    format: r.format,
    creatorName: r.creator_name ?? '',
    createTime: Number(r.created_at),
    finishTime: r.finished_at === null ? null : Number(r.finished_at),
  };
}

export async function listDeltas(
  s: Services,
  ctx: RequestContext,
  input: { pageNum: number; pageSize: number; swId?: string; swType?: string; str?: string },
) {
  const { rows, total } = await repo.pageDeltas(s.db, tenantOf(ctx), input, input.pageNum, input.pageSize);
  return { list: rows.map((r) => itemOf(r, ctx.locale)), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

async function deltaItem(s: Services, tenant: Tenant, id: string, locale: Locale) {
  const [row] = await repo.findDeltas(s.db, tenant, [id]);
  if (!row) throw notFound('id');
  return itemOf(row, locale);
}

/** Queues the delta from `sourceId` to `targetId` (same type, target newer, each with a main file). */
export async function addDelta(s: Services, ctx: RequestContext, input: { sourceId: string; targetId: string }) {
  const tenant = tenantOf(ctx);
  const source = await ownPackage(s, ctx, input.sourceId);
  const target = await ownPackage(s, ctx, input.targetId);
  if (source.id === target.id || source.sw_type !== target.sw_type) throw new AppError('deltaSameType');
  if (compareVersions(target.version, source.version) <= 0)
    throw new AppError('deltaNotNewer', { source: source.version, target: target.version });
  if (await repo.findDeltaPair(s.db, tenant, source.id, target.id))
    throw new AppError('deltaExists', { source: source.version, target: target.version });
  const [targetMain] = await repo.packageFiles(s.db, tenant, target.id);
  const id = newId();
  await repo.insertDelta(
    s.db,
    tenant,
    {
      id,
      swType: target.sw_type,
      sourceId: source.id,
      targetId: target.id,
      sourceVersion: source.version,
      targetVersion: target.version,
      sourceSha256: source.sha256,
      targetSha256: target.sha256,
      fullSize: Number(targetMain?.size ?? target.size),
      uid: requireUser(ctx).uid,
    },
    s.now(),
  );
  const jobId = await s.jobs.enqueue(
    DELTA_JOB,
    { pno: tenant.pno, id },
    { maxAttempts: 3, dedupeKey: `fwDelta:${id}` },
  );
  await repo.updateDelta(s.db, tenant, id, { job_id: jobId }, s.now());
  return deltaItem(s, tenant, id, ctx.locale);
}

export async function deleteDeltas(s: Services, ctx: RequestContext, ids: string[]) {
  const tenant = tenantOf(ctx);
  const unique = [...new Set(ids)];
  const rows = await repo.findDeltas(s.db, tenant, unique);
  if (rows.length !== unique.length) throw notFound('idList');
  let deleted = 0;
  for (const row of rows) {
    if (!(await repo.deleteDelta(s.db, tenant, row.id))) continue;
    deleted += 1;
    if (row.sha256) await s.blobs.dropRef(row.sha256, deltaOwner(row.id));
  }
  return deleted;
}

async function copyBlob(s: Services, sha256: string, path: string) {
  const stream = await s.blobs.store.read(sha256);
  if (!stream) throw new Error(`blob ${sha256} is gone`);
  await pipeline(stream, createWriteStream(path));
}

/** The job: makes one delta (its row says which), in a worker thread. */
export async function runDeltaJob(s: Services, payload: unknown, ctx: JobContext): Promise<void> {
  const { pno, id } = payload as { pno: string; id: string };
  const tenant = propertyTenant(pno);
  const [row] = await repo.findDeltas(s.db, tenant, [id]);
  if (!row || row.state === 'ready' || row.state === 'failed' || row.state === 'refused') return;
  await repo.updateDelta(s.db, tenant, id, { state: 'running', progress: 0 }, s.now());
  const dir = await mkdtemp(join(tmpdir(), 'keel-delta-'));
  const finish = (v: Parameters<typeof repo.updateDelta>[3]) =>
    repo.updateDelta(s.db, tenant, id, { ...v, finished_at: s.now() }, s.now());
  try {
    const oldPath = join(dir, 'source');
    const newPath = join(dir, 'target');
    const patchPath = join(dir, 'delta.bsdiff');
    await copyBlob(s, row.source_sha256, oldPath);
    await copyBlob(s, row.target_sha256, newPath);
    let last = -1;
    const outcome = await runDelta(
      {
        oldPath,
        newPath,
        patchPath,
        targetSha256: row.target_sha256,
        fullSize: Number(row.full_size),
        maxRatio: MAX_DELTA_RATIO,
        ...deltaTuning,
      },
      (percent) => {
        if (percent - last < 5) return;
        last = percent;
        void repo.updateDelta(s.db, tenant, id, { progress: percent }, s.now()).catch(() => {});
        void ctx.progress({ deltaId: id, percent }).catch(() => {});
      },
      ctx.signal,
    );
    if (outcome.result !== 'ready') {
      await finish({ state: outcome.result, reason: JSON.stringify({ key: outcome.key, params: outcome.params }) });
      return;
    }
    const blob = await s.blobs.keep(createReadStream(patchPath), {
      owner: deltaOwner(id),
      maxSize: outcome.size,
      expectedSize: outcome.size,
    });
    const r = await finish({ state: 'ready', progress: 100, size: blob.size, sha256: blob.sha256, verified: 1 });
    // Deleted while it was made: nothing holds the bytes.
    if (Number(r.numUpdatedRows) === 0) await s.blobs.dropRef(blob.sha256, deltaOwner(id));
  } catch (error) {
    if (ctx.job.attempt >= ctx.job.maxAttempts)
      await finish({
        state: 'failed',
        reason: JSON.stringify({
          key: 'deltaFailed',
          params: { error: String((error as Error).message).slice(0, 200) },
        }),
      });
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
