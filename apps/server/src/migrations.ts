import { appGroupMigrations } from './modules/app-group/migrations';
import { appReviewMigrations } from './modules/app-review/migrations';
import { appStoreMigrations } from './modules/app-store/migrations';
import { commandMigrations } from './modules/command/migrations';
import { deviceMigrations } from './modules/device/migrations';
import { fileMigrations } from './modules/file/migrations';
import { firmwareMigrations } from './modules/firmware/migrations';
import { firmwareTaskMigrations } from './modules/firmware-task/migrations';
import { firmwareTempMigrations } from './modules/firmware-temp/migrations';
import { pcSoftwareMigrations } from './modules/pc-software/migrations';
import { securityChainMigrations } from './modules/security-chain/migrations';
import { signingMigrations } from './modules/signing/migrations';
import { spaceMigrations } from './modules/space/migrations';
import { workflowMigrations } from './modules/workflow/migrations';
import { auditMigrations } from './platform/audit/migrations';
import { platformAuthMigrations } from './platform/auth/migrations';
import type { Db } from './platform/db/connect';
import { collectMigrations, runMigrations } from './platform/db/migrate';
import { spanningMigrations } from './platform/db/migrations';
import { jobsMigrations } from './platform/jobs/migrations';
import { newsMigrations } from './platform/news/migrations';
import { storageMigrations } from './platform/storage/migrations';

/**
 * Every migration, in name order: each owner keeps the migrations of its own tables in `<owner>/migrations/`
 * (listed by its `index.ts`), those spanning owners stay in `platform/db/migrations/` (architecture §6). Listed
 * here explicitly, folder by folder: a folder with migrations must be named here.
 */
export const migrations = collectMigrations([
  spanningMigrations,
  platformAuthMigrations,
  auditMigrations,
  newsMigrations,
  jobsMigrations,
  storageMigrations,
  spaceMigrations,
  deviceMigrations,
  fileMigrations,
  workflowMigrations,
  signingMigrations,
  firmwareMigrations,
  firmwareTaskMigrations,
  firmwareTempMigrations,
  commandMigrations,
  appStoreMigrations,
  appReviewMigrations,
  appGroupMigrations,
  securityChainMigrations,
  pcSoftwareMigrations,
]);

/** Brings the schema up to date; throws on the first failure. Answers the names it ran. */
export const migrateToLatest = (db: Db): Promise<string[]> => runMigrations(db, migrations);

/** Brings the schema up to `last` (a migration's name) and no further: for tests of a migration's data. */
export const migrateUpTo = (db: Db, last: string): Promise<string[]> => runMigrations(db, migrations, last);
