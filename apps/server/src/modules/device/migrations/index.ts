import type { Migration } from 'kysely';
import * as m0013 from './0013_devices';
import * as m0015 from './0015_mender';
import * as m0019 from './0019_mender_keys';
import * as m0034 from './0034_device_presence';
import * as m0057 from './0057_device_poll_settings';

/**
 * The migrations of the tables modules/device owns (its tables.ts). Names are the ones existing databases recorded:
 * never rename one. apps/server/src/migrations.ts runs every folder's list in name order; append only, never edit a
 * shipped migration.
 */
export const deviceMigrations: Record<string, Migration> = {
  '0013_devices': m0013,
  '0015_mender': m0015,
  '0019_mender_keys': m0019,
  '0034_device_presence': m0034,
  '0057_device_poll_settings': m0057,
};
