import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_news';
import * as m0003 from './0003_permissions';
import * as m0004 from './0004_organisations';
import * as m0005 from './0005_directory';
import * as m0006 from './0006_member_totals';
import * as m0027 from './0027_ddi_cancel';
import * as m0028 from './0028_ddi_ids_digests';
import * as m0033 from './0033_service_keys_customer_links';
import * as m0037 from './0037_access_tokens';
import * as m0038 from './0038_device_actions';
import * as m0039 from './0039_firmware_actions';
import * as m0040 from './0040_commands';

/**
 * The migrations that span owners (tables of more than one module or platform area), and `counters`' (platform/db).
 * Names are the ones existing databases recorded: never rename one. apps/server/src/migrations.ts runs every folder's
 * list in name order; append only, never edit a shipped migration.
 */
export const spanningMigrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_news': m0002,
  '0003_permissions': m0003,
  '0004_organisations': m0004,
  '0005_directory': m0005,
  '0006_member_totals': m0006,
  '0027_ddi_cancel': m0027,
  '0028_ddi_ids_digests': m0028,
  '0033_service_keys_customer_links': m0033,
  '0037_access_tokens': m0037,
  '0038_device_actions': m0038,
  '0039_firmware_actions': m0039,
  '0040_commands': m0040,
};
