import type { Generated } from 'kysely';

/** The tables modules/directive owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface DirectiveTables {
  fw_commands: FwCommandsTable;
}

/** A command sent to devices (migration 0026, modules/directive). */
export interface FwCommandsTable {
  cmd_id: string;
  pno: string;
  type: string;
  name: Generated<string>;
  payload: Generated<string>;
  group_id: Generated<string>;
  total: number;
  /** active | finished | cancelled */
  state: string;
  expires_at: number;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}
