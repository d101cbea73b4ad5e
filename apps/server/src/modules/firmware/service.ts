import type { FileItem } from '@keel/contract/endpoints/file';
import {
  compareVersions,
  type ManifestBody,
  SW_TYPE_NAMES,
  SW_TYPES,
  type SwInfo,
  type SwItem,
  type SwType,
  VERSION_STATS_MAX,
  versionKey,
} from '@keel/contract/endpoints/firmware';
import { isUniqueViolation } from '../../platform/db/sql-helpers';
import { extensionPoint } from '../../platform/extension-points';
import type { RequestContext } from '../../platform/http/context';
import { requireUser } from '../../platform/http/context';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { type Tenant, tenantOf } from '../../platform/tenancy/tenant';
import { catalogueNames } from '../device/catalogue';
import { deviceInfo, firmwareVersionCounts } from '../device/service';
import { groupInSpace, readableFiles } from '../file/service';
import { spaceForRequest } from '../space/service';
import {
  ArtifactError,
  type ArtifactResult,
  artifactKindOf,
  isCertificatePem,
  isPublicKeyPem,
  readArtifact,
} from './artifacts';
import { itemsOf } from './items';
import { keysRow, manifestPublicKey as manifestKeyOf, signManifest } from './manifest';
import * as repo from './repo';
import { refuseSharedWrite, sharedItems, sharedPackage } from './shared';

/**
 * Firmware packages (README.md): the rules. A package's files are stored files of the file module (read through
 * its service); fitting models and platforms are the device module's catalogue; spaces decide who may put a
 * package where. No SQL and no HTTP here.
 */

/**
 * Update tasks that reference a package: the count — in the owning property and in the customer properties it is
 * shared with, or only in `inProperties` when given —, which refuses deleting, withdrawing or unsharing it. One hook,
 * contributed by modules/firmware-task (a module does not read another's tables); 0 when none is.
 */
export type PackageTaskCounter = (
  s: Services,
  owner: Tenant,
  packageId: string,
  inProperties?: readonly string[],
) => Promise<number>;
export const packageTaskCounters = extensionPoint<PackageTaskCounter>('firmware.packageTaskCounters');
export async function tasksUsingPackage(
  s: Services,
  owner: Tenant,
  packageId: string,
  inProperties?: readonly string[],
): Promise<number> {
  let total = 0;
  for (const count of s.extensions.all(packageTaskCounters)) total += await count(s, owner, packageId, inProperties);
  return total;
}

/** A package of the property, or "not found". */
export async function packageOf(s: Services, tenant: Tenant, id: string): Promise<repo.PackageRow> {
  const [row] = await repo.findPackages(s.db, tenant, [id]);
  if (!row) throw notFound('id');
  return row;
}

/**
 * A package the caller's property may install through a task (README "Customers"): its own, or one another property
 * shared with it (a customer property), with the property owning it (whose files, deltas and manifest are
 * delivered); any other is "not found".
 */
export async function usablePackage(
  s: Services,
  ctx: RequestContext,
  id: string,
): Promise<{ owner: Tenant; row: repo.PackageRow }> {
  const tenant = tenantOf(ctx);
  const [row] = await repo.findPackages(s.db, tenant, [id]);
  if (row) return { owner: tenant, row };
  const shared = await sharedPackage(s, ctx, id);
  if (shared) return { owner: shared.owner, row: shared.row };
  throw notFound('id');
}

/**
 * A package of the caller's property to change; one another property shared with the caller (a customer
 * property) is refused as read-only (`swSharedReadOnly`), any other is "not found".
 */
export async function ownPackage(s: Services, ctx: RequestContext, id: string, field = 'id'): Promise<repo.PackageRow> {
  const [row] = await repo.findPackages(s.db, tenantOf(ctx), [id]);
  if (row) return row;
  await refuseSharedWrite(s, ctx, id);
  throw notFound(field);
}

export async function listPackages(
  s: Services,
  ctx: RequestContext,
  input: {
    pageNum: number;
    pageSize: number;
    sid?: string;
    groupId?: string;
    swType?: string;
    str?: string;
    published?: 0 | 1;
  },
) {
  const tenant = tenantOf(ctx);
  const { rows, total } = await repo.pagePackages(
    s.db,
    tenant,
    { sids: input.sid ? [input.sid] : null, ...input },
    input.pageNum,
    input.pageSize,
  );
  const own = await itemsOf(s, tenant, rows);
  // A customer property's list goes on with the packages shared with it (not in its spaces, all published).
  const placed = input.sid !== undefined || input.groupId !== undefined || input.published === 0;
  const shared = placed ? [] : await sharedItems(s, ctx, { swType: input.swType, str: input.str });
  const offset = (input.pageNum - 1) * input.pageSize;
  const from = Math.max(0, offset - total);
  const list = [...own, ...shared.slice(from, from + input.pageSize - own.length)];
  return { list, total: total + shared.length, pageNum: input.pageNum, pageSize: input.pageSize };
}

export async function packageItem(s: Services, tenant: Tenant, id: string): Promise<SwItem> {
  return (await itemsOf(s, tenant, [await packageOf(s, tenant, id)]))[0] as SwItem;
}

/** A package's files in order (the delivery code offers them to devices). */
export const filesOfPackage = (s: Services, tenant: Tenant, id: string) => repo.packageFiles(s.db, tenant, id);

export async function packageInfo(s: Services, ctx: RequestContext, id: string): Promise<SwInfo> {
  const tenant = tenantOf(ctx);
  const [own] = await repo.findPackages(s.db, tenant, [id]);
  const shared = own ? null : await sharedPackage(s, ctx, id);
  if (!own && !shared) throw notFound('id');
  // A package shared with the caller is read in its owner's property; whom else it is shared with is not shown.
  const owner = shared ? shared.owner : tenant;
  const row = (own ?? shared?.row) as repo.PackageRow;
  const item = shared ? shared.item : ((await itemsOf(s, tenant, [row]))[0] as SwItem);
  const files = await repo.packageFiles(s.db, owner, id);
  const customers = shared ? [] : await repo.packageCustomers(s.db, tenant, id);
  const deltas = await repo.readyDeltasTo(s.db, owner, id);
  return {
    ...item,
    files: files.map((f) => ({
      fid: f.fid,
      name: f.name,
      size: Number(f.size),
      sha256: f.sha256,
      kind: f.kind as 'raw' | 'swu' | 'mender',
      artifact: f.artifact ? (JSON.parse(f.artifact) as Record<string, unknown>) : null,
      signature: f.signature === 'verified' ? 'verified' : 'none',
    })),
    manifest: { manifest: row.manifest, signature: row.manifest_sig, keyId: row.manifest_key },
    customers: customers.map((c) => ({ id: c.cid, name: c.name })),
    deltas: deltas
      .map((d) => ({ id: d.id, fromVersion: d.source_version, size: Number(d.size) }))
      .sort((a, b) => compareVersions(b.fromVersion, a.fromVersion)),
  };
}

export async function typeList(s: Services, ctx: RequestContext) {
  const counts = new Map((await repo.typeCounts(s.db, tenantOf(ctx))).map((r) => [r.sw_type, r]));
  return SW_TYPES.map((swType) => ({
    swType,
    name: SW_TYPE_NAMES[swType][ctx.locale],
    count: Number(counts.get(swType)?.n ?? 0),
    published: Number(counts.get(swType)?.published ?? 0),
  }));
}

// Adding and editing.

export interface PackageInput {
  groupId?: string;
  name: string;
  modelIdList: string[];
  platformIdList: string[];
  notesZh: string;
  notesEn: string;
}

async function assertCatalogue(s: Services, tenant: Tenant, models: string[], platforms: string[]) {
  const m = await catalogueNames(s, tenant, 'model', models);
  if (m.size !== new Set(models).size) throw notFound('modelIdList');
  const p = await catalogueNames(s, tenant, 'platform', platforms);
  if (p.size !== new Set(platforms).size) throw notFound('platformIdList');
}

async function vendorKeys(s: Services, tenant: Tenant) {
  const k = await repo.findKeys(s.db, tenant);
  return { swuCertificate: k?.swu_certificate ?? '', menderPublicKey: k?.mender_public_key ?? '' };
}

/** The files of a package: readable by the caller, in its space; artifacts read and their signatures verified. */
async function checkedFiles(
  s: Services,
  ctx: RequestContext,
  sid: string,
  fids: readonly string[],
): Promise<Array<FileItem & { result: ArtifactResult }>> {
  if (new Set(fids).size !== fids.length) throw new AppError('invalidInput', { field: 'fidList' });
  const files = await readableFiles(s, ctx, fids);
  const keys = await vendorKeys(s, tenantOf(ctx));
  const out: Array<FileItem & { result: ArtifactResult }> = [];
  for (const f of files) {
    if (f.sid !== sid) throw new AppError('swFileOutsideSpace', { name: f.name });
    try {
      const result = await readArtifact(
        f.name,
        async () => {
          const stream = await s.blobs.store.read(f.sha256);
          if (!stream) throw notFound('fid');
          return stream as AsyncIterable<Buffer>;
        },
        keys,
      );
      out.push({ ...f, result });
    } catch (error) {
      if (!(error instanceof ArtifactError)) throw error;
      const kind = artifactKindOf(f.name) === 'swu' ? 'SWUpdate' : 'Mender';
      throw new AppError(error.problem, { name: f.name, kind, detail: '', entry: '', ...error.params });
    }
  }
  return out;
}

function manifestBody(
  tenant: Tenant,
  v: { id: string; swType: string; name: string; version: string; models: string[]; platforms: string[] },
  files: ReadonlyArray<{ name: string; size: number; sha256: string }>,
  now: number,
): ManifestBody {
  return {
    kind: 'keel-firmware-manifest',
    v: 1,
    pno: tenant.pno,
    swId: v.id,
    swType: v.swType,
    name: v.name,
    version: v.version,
    models: v.models,
    platforms: v.platforms,
    files: files.map((f) => ({ name: f.name, size: f.size, sha256: f.sha256 })),
    size: files.reduce((n, f) => n + f.size, 0),
    sha256: files[0]?.sha256 ?? '',
    issuedAt: now,
  };
}

const fileValues = (files: ReadonlyArray<FileItem & { result: ArtifactResult }>): repo.PackageFileValues[] =>
  files.map((f) => ({
    fid: f.fid,
    name: f.name,
    size: f.size,
    sha256: f.sha256,
    kind: f.result.kind,
    artifact: f.result.info ? JSON.stringify(f.result.info) : null,
    signature: f.result.signature,
  }));

async function packageValues(
  s: Services,
  tenant: Tenant,
  base: { id: string; sid: string; groupId: string; swType: string; version: string },
  input: PackageInput,
  files: ReadonlyArray<{ name: string; size: number; sha256: string }>,
): Promise<repo.PackageValues> {
  const models = [...new Set(input.modelIdList)];
  const platforms = [...new Set(input.platformIdList)];
  const signed = await signManifest(
    s,
    tenant,
    manifestBody(tenant, { ...base, name: input.name, models, platforms }, files, s.now()),
  );
  return {
    ...base,
    versionKey: versionKey(base.version),
    name: input.name,
    models,
    platforms,
    notesZh: input.notesZh,
    notesEn: input.notesEn,
    size: files.reduce((n, f) => n + f.size, 0),
    sha256: files[0]?.sha256 ?? '',
    manifest: signed.manifest,
    manifestSig: signed.signature,
    manifestKey: signed.keyId,
  };
}

async function assertVersionFree(s: Services, tenant: Tenant, swType: string, version: string, self?: string) {
  const taken = await repo.findByVersion(s.db, tenant, swType, versionKey(version));
  if (taken && taken.id !== self) throw new AppError('swVersionTaken', { version: taken.version });
}

export async function addPackage(
  s: Services,
  ctx: RequestContext,
  input: PackageInput & { sid: string; swType: string; version: string; fidList: string[] },
): Promise<string> {
  const tenant = tenantOf(ctx);
  const space = await spaceForRequest(s, ctx, input.sid, 'write');
  const groupId = await groupInSpace(s, tenant, space.sid, input.groupId);
  await assertCatalogue(s, tenant, input.modelIdList, input.platformIdList);
  await assertVersionFree(s, tenant, input.swType, input.version);
  const files = await checkedFiles(s, ctx, space.sid, input.fidList);
  const id = newId();
  const values = await packageValues(
    s,
    tenant,
    { id, sid: space.sid, groupId, swType: input.swType, version: input.version },
    input,
    files,
  );
  try {
    await s.db
      .transaction()
      .execute((trx) => repo.insertPackage(trx, tenant, values, fileValues(files), requireUser(ctx).uid, s.now()));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('swVersionTaken', { version: input.version });
    throw error;
  }
  return id;
}

export async function editPackage(
  s: Services,
  ctx: RequestContext,
  input: PackageInput & { id: string; version?: string; fidList?: string[] },
): Promise<SwItem> {
  const tenant = tenantOf(ctx);
  const row = await ownPackage(s, ctx, input.id);
  await spaceForRequest(s, ctx, row.sid, 'write');
  const groupId = input.groupId === undefined ? row.group_id : await groupInSpace(s, tenant, row.sid, input.groupId);
  const version = input.version ?? row.version;
  const current = await repo.packageFiles(s.db, tenant, row.id);
  const filesChange = input.fidList !== undefined && input.fidList.join(',') !== current.map((f) => f.fid).join(',');
  if (Number(row.published) && (version !== row.version || filesChange)) throw new AppError('swPublishedLocked');
  await assertCatalogue(s, tenant, input.modelIdList, input.platformIdList);
  if (version !== row.version) await assertVersionFree(s, tenant, row.sw_type, version, row.id);
  const files = filesChange ? await checkedFiles(s, ctx, row.sid, input.fidList as string[]) : null;
  const manifestFiles = files ?? current.map((f) => ({ name: f.name, size: Number(f.size), sha256: f.sha256 }));
  const values = await packageValues(
    s,
    tenant,
    { id: row.id, sid: row.sid, groupId, swType: row.sw_type, version },
    input,
    manifestFiles,
  );
  try {
    await s.db
      .transaction()
      .execute((trx) => repo.updatePackage(trx, tenant, values, files ? fileValues(files) : null, s.now()));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('swVersionTaken', { version });
    throw error;
  }
  return packageItem(s, tenant, row.id);
}

/** Where deltas keep their bytes: the blob's holder. */
export const deltaOwner = (id: string) => `fwDelta:${id}`;

export async function deletePackage(s: Services, ctx: RequestContext, id: string): Promise<number> {
  const tenant = tenantOf(ctx);
  const row = await ownPackage(s, ctx, id);
  await spaceForRequest(s, ctx, row.sid, 'write');
  const tasks = await tasksUsingPackage(s, tenant, id);
  if (tasks > 0) throw new AppError('swInTask', { count: tasks });
  const deltas = await repo.deltasOfPackage(s.db, tenant, id);
  const deleted = await s.db.transaction().execute((trx) => repo.deletePackage(trx, tenant, id));
  for (const d of deltas) if (d.sha256) await s.blobs.dropRef(d.sha256, deltaOwner(d.id));
  return deleted ? 1 : 0;
}

export async function setPublished(s: Services, ctx: RequestContext, id: string, published: 0 | 1): Promise<SwItem> {
  const tenant = tenantOf(ctx);
  const row = await ownPackage(s, ctx, id);
  if (!published && Number(row.published)) {
    const shared = Number(row.customer_count ?? 0);
    if (shared > 0) throw new AppError('swShared', { count: shared });
    const tasks = await tasksUsingPackage(s, tenant, id);
    if (tasks > 0) throw new AppError('swInTask', { count: tasks });
  }
  if (Number(row.published) !== published) await repo.setPublished(s.db, tenant, id, published, s.now());
  return packageItem(s, tenant, id);
}

export async function pushToCustomers(s: Services, ctx: RequestContext, id: string, cids: string[]) {
  const tenant = tenantOf(ctx);
  const row = await ownPackage(s, ctx, id);
  const unique = [...new Set(cids)];
  if (unique.length > 0 && !Number(row.published)) throw new AppError('swNotPublished');
  const found = await repo.existingCustomers(s.db, tenant, unique);
  if (found.length !== unique.length) throw notFound('cidList');
  // A customer property whose task installs the package keeps it while that task is not final.
  const before = (await repo.packageCustomers(s.db, tenant, id)).map((c) => c.cid);
  const kept = new Set(await repo.customerProperties(s.db, tenant, unique));
  const dropped = (
    await repo.customerProperties(
      s.db,
      tenant,
      before.filter((cid) => !unique.includes(cid)),
    )
  ).filter((pno) => !kept.has(pno));
  const tasks = dropped.length > 0 ? await tasksUsingPackage(s, tenant, id, dropped) : 0;
  if (tasks > 0) throw new AppError('swInTask', { count: tasks });
  await s.db
    .transaction()
    .execute((trx) => repo.replaceCustomers(trx, tenant, id, unique, requireUser(ctx).uid, s.now()));
  return { customerCount: unique.length };
}

// Keys.

export async function keys(s: Services, ctx: RequestContext) {
  const tenant = tenantOf(ctx);
  const k = await keysRow(s, tenant);
  const manifest = await manifestKeyOf(s, tenant);
  return {
    swuCertificate: k.swu_certificate,
    menderPublicKey: k.mender_public_key,
    manifestPublicKey: manifest.publicKey,
    manifestKeyId: manifest.keyId,
  };
}

export async function saveKeys(
  s: Services,
  ctx: RequestContext,
  input: { swuCertificate: string; menderPublicKey: string },
) {
  // A private key pasted with (or instead of) the public one would be kept: refused, it must not leave its machine.
  const privateKey = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;
  if (input.swuCertificate && (privateKey.test(input.swuCertificate) || !isCertificatePem(input.swuCertificate)))
    throw new AppError('badVerifyKey', { field: 'swuCertificate' });
  if (input.menderPublicKey && (privateKey.test(input.menderPublicKey) || !isPublicKeyPem(input.menderPublicKey)))
    throw new AppError('badVerifyKey', { field: 'menderPublicKey' });
  const tenant = tenantOf(ctx);
  await keysRow(s, tenant);
  await repo.saveVendorKeys(s.db, tenant, input, s.now());
  return input;
}

/** The property's manifest public key (PEM) and its id: what devices verify manifests with. */
export const manifestPublicKey = (s: Services, tenant: Tenant) => manifestKeyOf(s, tenant);

// Upgrades.

export async function upgradeList(
  s: Services,
  ctx: RequestContext,
  input: { pageNum: number; pageSize: number; deviceId?: string; modelId?: string; swType?: string; version?: string },
) {
  const tenant = tenantOf(ctx);
  let modelId = input.modelId;
  let version = input.version;
  if (input.deviceId) {
    const device = await deviceInfo(s, ctx, input.deviceId);
    modelId ??= device.model ?? undefined;
    version ??= device.firmwareVersion || undefined;
  }
  const { rows, total } = await repo.pagePackages(
    s.db,
    tenant,
    {
      published: 1,
      swType: input.swType,
      modelId,
      newerThan: version ? versionKey(version) : undefined,
    },
    input.pageNum,
    input.pageSize,
  );
  const items = await itemsOf(s, tenant, rows);
  const list = [];
  for (const item of items) {
    const delta = version ? await bestDelta(s, tenant, item.id, version) : null;
    list.push({ ...item, deltaSize: delta ? delta.size : null });
  }
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/**
 * The best differential package from `fromVersion` to package `packageId` (for the device poll path): a ready,
 * verified delta whose source package has that version, or null (the device downloads the full package).
 */
export async function bestDelta(s: Services, tenant: Tenant, packageId: string, fromVersion: string) {
  const deltas = await repo.readyDeltasTo(s.db, tenant, packageId);
  const matching = deltas.filter((d) => compareVersions(d.source_version, fromVersion) === 0);
  if (matching.length === 0) return null;
  const best = matching.reduce((a, b) => (Number(b.size) < Number(a.size) ? b : a));
  return {
    id: best.id,
    sourceId: best.source_id,
    size: Number(best.size),
    sha256: best.sha256,
    sourceSha256: best.source_sha256,
    targetSha256: best.target_sha256,
    format: 'bsdiff4' as const,
  };
}

export async function upgradeRecords(
  s: Services,
  ctx: RequestContext,
  input: { pageNum: number; pageSize: number; deviceId?: string; swId?: string; state?: string },
) {
  const { rows, total } = await repo.pageRecords(s.db, tenantOf(ctx), input, input.pageNum, input.pageSize);
  return {
    list: rows.map((r) => ({
      id: r.id,
      deviceId: r.device_id,
      swId: r.package_id,
      swName: r.sw_name,
      swType: r.sw_type as SwType,
      fromVersion: r.from_version,
      toVersion: r.to_version,
      delta: Number(r.delta) ? (1 as const) : (0 as const),
      state: r.state as 'pending',
      errorCode: r.error_code,
      createTime: Number(r.created_at),
      updateTime: Number(r.updated_at),
    })),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

/** Devices per reported firmware version, the first `VERSION_STATS_MAX` named and the rest counted together. */
export async function deviceVersionStats(s: Services, ctx: RequestContext, modelId?: string) {
  const rows = await firmwareVersionCounts(s, ctx, modelId);
  const versions = rows.slice(0, VERSION_STATS_MAX);
  const sum = (list: typeof rows, key: 'count' | 'online') => list.reduce((n, r) => n + r[key], 0);
  return {
    total: sum(rows, 'count'),
    online: sum(rows, 'online'),
    versions,
    other: sum(rows.slice(VERSION_STATS_MAX), 'count'),
  };
}

/** Records a device's upgrade to a package (for the task and delivery code): answers the record's id. */
export async function recordUpgrade(
  s: Services,
  tenant: Tenant,
  v: { deviceId: string; packageId: string; fromVersion: string; delta: 0 | 1; state: string },
  /** The property owning the package when another shared it with `tenant`. */
  owner: Tenant = tenant,
) {
  const row = await packageOf(s, owner, v.packageId);
  const id = newId();
  await repo.insertRecord(
    s.db,
    tenant,
    { id, ...v, swType: row.sw_type, swName: row.name, toVersion: row.version },
    s.now(),
  );
  return id;
}

/** The packages in each group of a space (the group tree's counts; a group holding packages is not deleted). */
export const packagesPerGroup = (s: Services, tenant: Tenant, sid: string) => repo.countByGroup(s.db, tenant, sid);

/** The first of `fids` a package uses (the file module refuses to delete it). */
export async function fileUse(s: Services, tenant: Tenant, fids: readonly string[]) {
  const used = await repo.packageUsingFiles(s.db, tenant, fids);
  return used ? { fid: used.fid, by: `${used.name} ${used.version}` } : null;
}
