/** The tables platform/audit owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface AuditTables {
  audit_log: AuditLogTable;
}

export interface AuditLogTable {
  seq: number;
  at: number;
  actor_uid: string | null;
  pno: string | null;
  endpoint: string;
  target: string | null;
  result: number;
  address: string;
  request_id: string;
  prev_hash: string;
  hash: string;
}
