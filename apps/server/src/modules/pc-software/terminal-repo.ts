import { sql } from 'kysely';
import type { Db } from '../../platform/db/connect';
import { countOf } from '../../platform/db/paging';
import { containsAnyCi } from '../../platform/db/sql-helpers';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';

/**
 * The console's reads of what installed clients report: the installations that checked (`soft_terminals`) and the
 * counters per version, platform and day (`soft_download_stats`). The update check writes them (public-repo.ts).
 * No rules here.
 */

export type TerminalRow = Awaited<ReturnType<typeof pageTerminals>>[number];

export interface TerminalFilter {
  softId?: string;
  os?: string;
  channel?: string;
  str?: string;
}

/** Where a page ends in the list's order (last seen, software, install id; all descending). */
export interface TerminalPosition {
  lastSeen: number;
  softId: string;
  installId: string;
}

const terminalBase = (db: Db, t: Tenant, f: TerminalFilter) => {
  let q = tenantDb(db, t).selectFrom('soft_terminals as m');
  if (f.softId) q = q.where('m.soft_id', '=', f.softId);
  if (f.os) q = q.where('m.os', '=', f.os);
  if (f.channel) q = q.where('m.channel', '=', f.channel);
  if (f.str) q = q.where(containsAnyCi(['m.install_id', 'm.version'], f.str));
  return q;
};

/** How many installations the filter keeps, up to `max` (counted beside the requests: it may scan many rows). */
export const countTerminals = (db: Db, t: Tenant, f: TerminalFilter, max: number) =>
  countOf(tenantDb(db, t).selectFrom(terminalBase(db, t, f).select(sql<number>`1`.as('one')).limit(max).as('c')), db);

/**
 * A page of installations, last seen first, read along the indexes `soft_terminals_seen` (the property's) and
 * `soft_terminals_soft_seen` (one software's): after `after` when given (keyset), else from `offset`.
 */
export const pageTerminals = (
  db: Db,
  t: Tenant,
  f: TerminalFilter,
  page: { limit: number; offset: number; after?: TerminalPosition },
) => {
  let q = terminalBase(db, t, f);
  const after = page.after;
  if (after) {
    // The bound on `last_seen` alone is what the index ranges over; the rest orders ties.
    q = q.where('m.last_seen', '<=', after.lastSeen);
    q = q.where((eb) =>
      eb.or([
        eb('m.last_seen', '<', after.lastSeen),
        eb.and([eb('m.last_seen', '=', after.lastSeen), eb('m.soft_id', '<', after.softId)]),
        eb.and([
          eb('m.last_seen', '=', after.lastSeen),
          eb('m.soft_id', '=', after.softId),
          eb('m.install_id', '<', after.installId),
        ]),
      ]),
    );
  }
  return q
    .selectAll('m')
    .orderBy('m.last_seen', 'desc')
    .orderBy('m.soft_id', 'desc')
    .orderBy('m.install_id', 'desc')
    .limit(page.limit)
    .offset(after ? 0 : page.offset)
    .execute();
};

/** The last check of each of these installations of a software. */
export async function terminalsOf(db: Db, t: Tenant, softId: string, installIds: readonly string[]) {
  if (installIds.length === 0) return new Map<string, { last_seen: number; version: string }>();
  const rows = await tenantDb(db, t)
    .selectFrom('soft_terminals')
    .select(['install_id', 'last_seen', 'version'])
    .where('soft_id', '=', softId)
    .where('install_id', 'in', [...installIds])
    .execute();
  return new Map(rows.map((r) => [r.install_id, { last_seen: Number(r.last_seen), version: r.version }]));
}

// ---- counters --------------------------------------------------------------------------------------------------

const statsBase = (db: Db, t: Tenant, softId: string, fromDay: number) =>
  tenantDb(db, t).selectFrom('soft_download_stats as d').where('d.soft_id', '=', softId).where('d.day', '>=', fromDay);

/** Checks and downloads per day since `fromDay`. */
export const statsByDay = (db: Db, t: Tenant, softId: string, fromDay: number) =>
  statsBase(db, t, softId, fromDay)
    .select((eb) => [
      'd.day',
      eb.fn.sum<number>('d.checks').as('checks'),
      eb.fn.sum<number>('d.downloads').as('downloads'),
    ])
    .groupBy('d.day')
    .orderBy('d.day')
    .execute();

/** Checks and downloads per version since `fromDay`, with the version's number ('' when it was deleted). */
export const statsByVersion = (db: Db, t: Tenant, softId: string, fromDay: number) =>
  statsBase(db, t, softId, fromDay)
    .leftJoin('soft_versions as v', 'v.version_id', 'd.version_id')
    .select((eb) => [
      'd.version_id',
      eb.fn.max('v.version').as('version'),
      eb.fn.max('v.version_key').as('version_key'),
      eb.fn.sum<number>('d.checks').as('checks'),
      eb.fn.sum<number>('d.downloads').as('downloads'),
    ])
    .groupBy('d.version_id')
    .execute();

/** Checks and downloads per platform since `fromDay`. */
export const statsByPlatform = (db: Db, t: Tenant, softId: string, fromDay: number) =>
  statsBase(db, t, softId, fromDay)
    .select((eb) => [
      'd.os',
      'd.arch',
      eb.fn.sum<number>('d.checks').as('checks'),
      eb.fn.sum<number>('d.downloads').as('downloads'),
    ])
    .groupBy(['d.os', 'd.arch'])
    .execute();
