/** The tables platform/outbox owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface OutboxTables {
  outbox: OutboxTable;
}

export interface OutboxTable {
  id: string;
  channel: 'sms' | 'email';
  recipient: string;
  template: string;
  /** JSON text. */
  payload: string;
  created_at: number;
  delivered_at: number | null;
  error: string | null;
}
