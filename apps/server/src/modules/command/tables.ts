import type { Generated } from 'kysely';

/** The tables modules/command owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface CommandTables {
  commands: CommandsTable;
}

/** A command sent to devices (migrations 0026 and 0040, modules/command). */
export interface CommandsTable {
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
