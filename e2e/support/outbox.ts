import Database from 'better-sqlite3';
import { databaseFile } from './env';

export type CodeTemplate = 'code.register' | 'code.signIn' | 'code.reset';

/**
 * The verification code the server last sent to `phone` with `template`, read from its `outbox` table
 * (read-only). Waits up to `timeoutMs` for a message newer than `since` (epoch ms) to appear.
 */
export async function readCode(
  phone: string,
  template: CodeTemplate,
  since: number,
  timeoutMs = 5000,
): Promise<string> {
  const db = new Database(databaseFile(), { readonly: true, fileMustExist: true });
  try {
    const query = db.prepare<[string, string, number], { payload: string }>(
      'select payload from outbox where recipient = ? and template = ? and created_at >= ? order by created_at desc limit 1',
    );
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = query.get(phone, template, since);
      if (row) return (JSON.parse(row.payload) as { code: string }).code;
      if (Date.now() > deadline) throw new Error(`No ${template} message to ${phone} in the outbox`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    db.close();
  }
}
