import { sql } from 'kysely';
import { type Db, precompile } from '../../platform/db/connect';
import { acrossProperties } from '../../platform/tenancy/filters';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';

/**
 * SQL of what installed clients and visitors read and what their calls count (README "For installed clients"): the
 * software by its public id (the one read across properties: the row names the property), the released versions and
 * installers an update check, the download page and the APT repository offer, and the counters. No rules here.
 */

/**
 * The handle a hot read is built on: scoped to a stand-in property whose pno is the read's `pno` parameter, so that
 * the scope writes the property's condition with a parameter for its value and each call binds its tenant's pno.
 * The stand-in is `precompile`'s marker, never an input.
 */
const scopedByParam = (db: Db, param: (name: 'pno') => string) => tenantDb(db, propertyTenant(param('pno')));

/** How long an answer of a hot read is reused while nothing was written (SQLite only, `precompile`'s `reuseMs`). */
const REUSE_MS = 1_000;
/** Change records read with a statement compiled per number of versions up to this many; more, built each time. */
const RECORDS_COMPILED_MAX = 16;

/**
 * The update check's reads, compiled once per database (`precompile`): building and compiling them with Kysely
 * cost more than running them, on the store's hottest path.
 */
function compileHot(db: Db) {
  const candidates = (channels: readonly string[]) =>
    precompile(
      db,
      (param: (name: 'pno' | 'softId' | 'aboveKey' | 'os' | 'arch') => string) =>
        scopedByParam(db, param)
          .selectFrom('soft_versions as v')
          .innerJoin('soft_installers as i', 'i.version_id', 'v.version_id')
          .select([
            'v.version_id',
            'v.version',
            'v.version_key',
            'v.notes_zh',
            'v.notes_en',
            'v.released_at',
            'i.installer_id',
            'i.os',
            'i.arch',
            'i.format',
            'i.file_name',
            'i.size',
            'i.sha256',
            'i.signature',
            'i.signer_cert_sha256',
          ])
          .where('v.soft_id', '=', param('softId'))
          .where('v.channel', 'in', [...channels])
          .where('v.version_key', '>', param('aboveKey'))
          .where('i.os', '=', param('os'))
          .where('i.arch', 'in', [param('arch'), 'universal'])
          .orderBy('v.version_key', 'desc'),
      { reuseMs: REUSE_MS },
    );
  const records = new Map<number, ReturnType<typeof compileRecords>>();
  const compileRecords = (length: number) =>
    precompile(
      db,
      (param: (name: 'pno' | `v${number}`) => string) =>
        scopedByParam(db, param)
          .selectFrom('soft_change_records')
          .select(['version_id', 'kind', 'content_zh', 'content_en'])
          .where(
            'version_id',
            'in',
            Array.from({ length }, (_, i) => param(`v${i}`)),
          )
          .orderBy('version_id')
          .orderBy('position'),
      { reuseMs: REUSE_MS },
    );
  return {
    softByPublicId: precompile(
      db,
      (param: (name: 'publicId') => string) =>
        db
          .selectFrom('soft_infos')
          .select(['soft_id', 'pno', 'public_id', 'name', 'description', 'icon_fid'])
          .where('public_id', '=', param('publicId'))
          .where(acrossProperties('public-id')),
      { reuseMs: REUSE_MS },
    ),
    trial: precompile(
      db,
      (param: (name: 'pno' | 'softId' | 'installId' | 'channel') => string) =>
        scopedByParam(db, param)
          .selectFrom('soft_trial_users')
          .select('expires_at')
          .where('soft_id', '=', param('softId'))
          .where('install_id', '=', param('installId'))
          .where('channel', '=', param('channel')),
      { reuseMs: REUSE_MS },
    ),
    stable: candidates(['stable']),
    beta: candidates(['beta', 'stable']),
    records(length: number) {
      let read = records.get(length);
      if (!read) {
        read = compileRecords(length);
        records.set(length, read);
      }
      return read;
    },
  };
}

const hot = new WeakMap<Db, ReturnType<typeof compileHot>>();
const hotOf = (db: Db) => {
  let h = hot.get(db);
  if (!h) {
    h = compileHot(db);
    hot.set(db, h);
  }
  return h;
};

export type PublicSoftRow = NonNullable<Awaited<ReturnType<typeof findSoftByPublicId>>>;

/** The software a public id names, in any property (unique index `soft_infos_public_id`). */
export async function findSoftByPublicId(db: Db, publicId: string) {
  return (await hotOf(db).softByPublicId({ publicId }))[0];
}

/** When the installation's trial of the channel ends (ms), or undefined when it is no trial user of the software. */
export async function trialExpiry(db: Db, t: Tenant, softId: string, installId: string, channel: string) {
  const [row] = await hotOf(db).trial({ pno: t.pno, softId, installId, channel });
  return row ? Number(row.expires_at) : undefined;
}

export type CandidateRow = Awaited<ReturnType<typeof candidateInstallers>>[number];

/**
 * The installers for one os (of the caller's arch or `universal`) of the software's versions released to the
 * channel (`beta` includes stable) whose key is above `aboveKey`, newest version first (index
 * `soft_versions_latest`, then `soft_installers_platform`).
 */
export async function candidateInstallers(
  db: Db,
  t: Tenant,
  q: { softId: string; channel: 'beta' | 'stable'; aboveKey: string; os: string; arch: string },
) {
  const read = q.channel === 'beta' ? hotOf(db).beta : hotOf(db).stable;
  return read({ pno: t.pno, softId: q.softId, aboveKey: q.aboveKey, os: q.os, arch: q.arch });
}

/** The newest version of the software released to one of `channels`, or undefined. */
export const latestReleased = (db: Db, t: Tenant, softId: string, channels: readonly string[]) =>
  tenantDb(db, t)
    .selectFrom('soft_versions')
    .select(['version_id', 'version', 'notes_zh', 'notes_en', 'released_at'])
    .where('soft_id', '=', softId)
    .where('channel', 'in', [...channels])
    .orderBy('version_key', 'desc')
    .limit(1)
    .executeTakeFirst();

/** A version's installers, in a stable order (os, arch, format). */
export const installersOf = (db: Db, t: Tenant, versionId: string) =>
  tenantDb(db, t)
    .selectFrom('soft_installers')
    .select([
      'installer_id',
      'os',
      'arch',
      'format',
      'file_name',
      'size',
      'sha256',
      'signature',
      'signer_cert_sha256',
      'fid',
    ])
    .where('version_id', '=', versionId)
    .orderBy('os')
    .orderBy('arch')
    .orderBy('format')
    .execute();

/** The change records of versions, in each version's order. */
export async function changeRecordsOf(db: Db, t: Tenant, versionIds: readonly string[]) {
  if (versionIds.length === 0) return [];
  if (versionIds.length <= RECORDS_COMPILED_MAX)
    return hotOf(db).records(versionIds.length)({
      pno: t.pno,
      ...Object.fromEntries(versionIds.map((id, i) => [`v${i}`, id])),
    });
  return tenantDb(db, t)
    .selectFrom('soft_change_records')
    .select(['version_id', 'kind', 'content_zh', 'content_en'])
    .where('version_id', 'in', [...versionIds])
    .orderBy('version_id')
    .orderBy('position')
    .execute();
}

/** An installer of a released version of the software (what a download link may serve), or undefined. */
export const releasedInstaller = (db: Db, t: Tenant, softId: string, installerId: string) =>
  tenantDb(db, t)
    .selectFrom('soft_installers as i')
    .innerJoin('soft_versions as v', 'v.version_id', 'i.version_id')
    .select(['i.version_id', 'i.os', 'i.arch', 'i.file_name', 'i.size', 'i.sha256', 'v.version'])
    .where('i.installer_id', '=', installerId)
    .where('i.soft_id', '=', softId)
    .where('v.channel', '<>', '')
    .executeTakeFirst();

/** Counts `n` downloads of a version for a platform on a day (one upsert). */
export const addDownloads = (
  db: Db,
  t: Tenant,
  v: { softId: string; versionId: string; os: string; arch: string; day: number; n: number },
) =>
  tenantDb(db, t)
    .insertInto('soft_download_stats')
    .values({ soft_id: v.softId, version_id: v.versionId, os: v.os, arch: v.arch, day: v.day, downloads: v.n })
    .onConflict((oc) =>
      oc
        .columns(['version_id', 'os', 'arch', 'day'])
        .doUpdateSet((eb) => ({ downloads: eb('soft_download_stats.downloads', '+', v.n) })),
    )
    .execute();

/**
 * Counts `n` update checks made from a version (named as the client sent it) for a platform on a day (one upsert);
 * a version the software does not have is not counted.
 */
export const addChecks = (
  db: Db,
  t: Tenant,
  v: { softId: string; version: string; os: string; arch: string; day: number; n: number },
) =>
  tenantDb(db, t)
    .insertInto('soft_download_stats')
    .columns(['pno', 'soft_id', 'version_id', 'os', 'arch', 'day', 'checks'])
    .expression((eb) =>
      eb
        .selectFrom('soft_versions')
        .select([
          'pno',
          'soft_id',
          'version_id',
          // Typed, so that PostgreSQL does not take the parameters for text.
          sql<string>`cast(${v.os} as text)`.as('os'),
          sql<string>`cast(${v.arch} as text)`.as('arch'),
          sql<number>`cast(${v.day} as bigint)`.as('day'),
          sql<number>`cast(${v.n} as bigint)`.as('checks'),
        ])
        .where('soft_id', '=', v.softId)
        .where('version', '=', v.version),
    )
    .onConflict((oc) =>
      oc
        .columns(['version_id', 'os', 'arch', 'day'])
        .doUpdateSet((eb) => ({ checks: eb('soft_download_stats.checks', '+', eb.ref('excluded.checks')) })),
    )
    .execute();

/** What an installation last reported, `n` checks of it since the last write (one upsert). */
export const upsertTerminal = (
  db: Db,
  t: Tenant,
  v: {
    softId: string;
    installId: string;
    version: string;
    os: string;
    arch: string;
    channel: string;
    address: string;
    firstSeen: number;
    lastSeen: number;
    n: number;
  },
) =>
  tenantDb(db, t)
    .insertInto('soft_terminals')
    .values({
      soft_id: v.softId,
      install_id: v.installId,
      version: v.version,
      os: v.os,
      arch: v.arch,
      channel: v.channel,
      address: v.address,
      check_count: v.n,
      first_seen: v.firstSeen,
      last_seen: v.lastSeen,
    })
    .onConflict((oc) =>
      oc.columns(['soft_id', 'install_id']).doUpdateSet((eb) => ({
        version: v.version,
        os: v.os,
        arch: v.arch,
        channel: v.channel,
        address: v.address,
        check_count: eb('soft_terminals.check_count', '+', v.n),
        last_seen: v.lastSeen,
      })),
    )
    .execute();
