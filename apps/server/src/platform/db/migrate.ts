import { type Migration, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely';
import type { Db } from './connect';
import * as m0001 from './migrations/0001_foundation';
import * as m0002 from './migrations/0002_news';
import * as m0003 from './migrations/0003_permissions';
import * as m0004 from './migrations/0004_organisations';
import * as m0005 from './migrations/0005_directory';
import * as m0006 from './migrations/0006_member_totals';
import * as m0007 from './migrations/0007_audit_filters';
import * as m0008 from './migrations/0008_news_keys';
import * as m0009 from './migrations/0009_jobs';
import * as m0010 from './migrations/0010_device_credentials';
import * as m0011 from './migrations/0011_spaces';
import * as m0012 from './migrations/0012_storage';
import * as m0013 from './migrations/0013_devices';
import * as m0014 from './migrations/0014_files';
import * as m0015 from './migrations/0015_mender';
import * as m0016 from './migrations/0016_workflow';
import * as m0019 from './migrations/0019_mender_keys';
import * as m0020 from './migrations/0020_signing';
import * as m0021 from './migrations/0021_firmware';
import * as m0022 from './migrations/0022_firmware_delta';
import * as m0023 from './migrations/0023_workflow_b';
import * as m0024 from './migrations/0024_firmware_tasks';
import * as m0025 from './migrations/0025_firmware_temp';
import * as m0026 from './migrations/0026_directives';
import * as m0027 from './migrations/0027_ddi_cancel';
import * as m0028 from './migrations/0028_ddi_ids_digests';
import * as m0031 from './migrations/0031_firmware_task_order';
import * as m0033 from './migrations/0033_service_keys_customer_links';
import * as m0034 from './migrations/0034_device_presence';
import * as m0035 from './migrations/0035_firmware_task_rows';
import * as m0036 from './migrations/0036_fw_task_shared_package';
import * as m0037 from './migrations/0037_access_tokens';
import * as m0038 from './migrations/0038_device_actions';
import * as m0039 from './migrations/0039_firmware_actions';

/** Every migration, in order. Append only; never edit a shipped one. */
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_news': m0002,
  '0003_permissions': m0003,
  '0004_organisations': m0004,
  '0005_directory': m0005,
  '0006_member_totals': m0006,
  '0007_audit_filters': m0007,
  '0008_news_keys': m0008,
  '0009_jobs': m0009,
  '0010_device_credentials': m0010,
  '0011_spaces': m0011,
  '0012_storage': m0012,
  '0013_devices': m0013,
  '0014_files': m0014,
  '0015_mender': m0015,
  '0016_workflow': m0016,
  '0019_mender_keys': m0019,
  '0020_signing': m0020,
  '0021_firmware': m0021,
  '0022_firmware_delta': m0022,
  '0023_workflow_b': m0023,
  '0024_firmware_tasks': m0024,
  '0025_firmware_temp': m0025,
  '0026_directives': m0026,
  '0027_ddi_cancel': m0027,
  '0028_ddi_ids_digests': m0028,
  '0031_firmware_task_order': m0031,
  '0033_service_keys_customer_links': m0033,
  '0034_device_presence': m0034,
  '0035_firmware_task_rows': m0035,
  '0036_fw_task_shared_package': m0036,
  '0037_access_tokens': m0037,
  '0038_device_actions': m0038,
  '0039_firmware_actions': m0039,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws on the first failure. */
export const migrateToLatest = (db: Db): Promise<string[]> => migrate(db, (m) => m.migrateToLatest());

/** Brings the schema up to `last` (a migration's name) and no further: for tests of a migration's data. */
export const migrateUpTo = (db: Db, last: keyof typeof migrations & string): Promise<string[]> =>
  migrate(db, (m) => m.migrateTo(last));

async function migrate(db: Db, run: (m: Migrator) => ReturnType<Migrator['migrateToLatest']>): Promise<string[]> {
  // On PostgreSQL, name the schema of the migration tables: Kysely otherwise looks for them in every schema
  // and, with another schema of the same database holding them (parallel test suites), skips creating its own.
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const schema = postgres
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await run(migrator);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
