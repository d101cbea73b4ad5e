import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrateUpTo, migrations } from './migrations';
import { collectMigrations } from './platform/db/migrate';
import { schemaLock } from './test/harness';
import { migrationDatabases, scratchDatabases } from './test/scratch-database';

/**
 * The migrations live in their owners' folders (`<owner>/migrations/`), those spanning owners in
 * `platform/db/migrations/`. Existing databases recorded each one's name when it ran: the names and their order
 * must stay what they were when every migration sat in `platform/db/migrations/`.
 */
const RECORDED = [
  '0001_foundation',
  '0002_news',
  '0003_permissions',
  '0004_organisations',
  '0005_directory',
  '0006_member_totals',
  '0007_audit_filters',
  '0008_news_keys',
  '0009_jobs',
  '0010_device_credentials',
  '0011_spaces',
  '0012_storage',
  '0013_devices',
  '0014_files',
  '0015_mender',
  '0016_workflow',
  '0019_mender_keys',
  '0020_signing',
  '0021_firmware',
  '0022_firmware_delta',
  '0023_workflow_b',
  '0024_firmware_tasks',
  '0025_firmware_temp',
  '0026_directives',
  '0027_ddi_cancel',
  '0028_ddi_ids_digests',
  '0031_firmware_task_order',
  '0033_service_keys_customer_links',
  '0034_device_presence',
  '0035_firmware_task_rows',
  '0036_fw_task_shared_package',
  '0037_access_tokens',
  '0038_device_actions',
  '0039_firmware_actions',
];
const lastRecorded = RECORDED[RECORDED.length - 1];

/** Every migration file under the server's `migrations/` folders, by name (not the lists nor tests). */
function migrationFiles(): string[] {
  const src = dirname(fileURLToPath(import.meta.url));
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/(^|\/)migrations\/\d{4}_\w+\.ts$/.test(relative(src, full).split('\\').join('/')))
        out.push(entry.name.replace(/\.ts$/, ''));
    }
  };
  walk(src);
  return out.sort();
}

describe('the migration list', () => {
  it('keeps the recorded names in their order; later ones only after them', () => {
    const names = Object.keys(migrations);
    expect(names.slice(0, RECORDED.length)).toEqual(RECORDED);
    for (const later of names.slice(RECORDED.length)) expect(later > lastRecorded).toBe(true);
    expect([...names].sort()).toEqual(names);
  });

  it('names every migration file of every folder', () => {
    expect(Object.keys(migrations).sort()).toEqual(migrationFiles());
  });

  it('is sorted by name whatever the folders, and refuses a name listed twice', () => {
    const m = { up: async () => {} };
    expect(Object.keys(collectMigrations([{ '0003_c': m }, { '0001_a': m, '0002_b': m }]))).toEqual([
      '0001_a',
      '0002_b',
      '0003_c',
    ]);
    expect(() => collectMigrations([{ '0001_a': m }, { '0001_a': m }])).toThrow('Migration 0001_a is listed twice');
  });
});

describe.each(migrationDatabases)('a database migrated before the migrations moved [%s]', (kind) => {
  const database = scratchDatabases(kind);

  it('is up to date: nothing recorded runs again, only migrations added since', async () => {
    const db = await database();
    const release = kind === 'postgres' ? await schemaLock('shared') : async () => {};
    try {
      expect(await migrateUpTo(db, lastRecorded)).toEqual(RECORDED);
      // The record as the migrator kept it before the move: exactly these names, in this order.
      const raw = db.withoutPlugins();
      await sql`delete from kysely_migration`.execute(raw);
      for (const [i, name] of RECORDED.entries())
        await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString()})`.execute(
          raw,
        );
      const added = Object.keys(migrations).slice(RECORDED.length);
      expect(await migrateToLatest(db)).toEqual(added);
      expect(await migrateToLatest(db)).toEqual([]);
    } finally {
      await release();
    }
  });
});
