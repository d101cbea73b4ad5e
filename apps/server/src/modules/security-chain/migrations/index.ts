import type { Migration } from 'kysely';
import * as m0047 from './0047_security_functions';
import * as m0048 from './0048_privileged_users';
import * as m0049 from './0049_security_grants';
import * as m0050 from './0050_security_routed_commands';
import * as m0055 from './0055_security_routed_time';

/**
 * The migrations of the tables modules/security-chain owns (its tables.ts). Names are the ones existing databases
 * recorded: never rename one. apps/server/src/migrations.ts runs every folder's list in name order; append only,
 * never edit a shipped migration.
 */
export const securityChainMigrations: Record<string, Migration> = {
  '0047_security_functions': m0047,
  '0048_privileged_users': m0048,
  '0049_security_grants': m0049,
  '0050_security_routed_commands': m0050,
  '0055_security_routed_time': m0055,
};
