import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { newId } from '../ids';
import type { JobQueue } from '../jobs/runner';

export interface OutboxMessage {
  channel: 'sms' | 'email';
  recipient: string;
  /** A template name the gateway renders, e.g. `code.register`. */
  template: string;
  payload: Record<string, string | number>;
}

export interface Outbox {
  send(message: OutboxMessage): Promise<void>;
}

/** The job kind that delivers one outbox row. */
export const OUTBOX_DELIVER = 'outbox.deliver';
/** Tries per message: the first and four retries with back-off (platform/jobs). */
const OUTBOX_ATTEMPTS = 5;

/**
 * Messages to people (codes, invitations) are written to the `outbox` table and delivered by a job
 * (platform/jobs, kind `outbox.deliver`) through the driver: `log` prints them in the server log (development),
 * `webhook` POSTs them as JSON to an SMS/e-mail gateway. A failed delivery records its error on the row and is
 * retried with back-off, on any instance, until its attempts run out. Tests read the table.
 */
export function createOutbox(
  db: Db,
  config: Config['outbox'],
  log: FastifyBaseLogger,
  now: () => number,
  jobs: JobQueue,
): Outbox {
  jobs.register(OUTBOX_DELIVER, async (payload) => {
    const { id } = payload as { id: string };
    const row = await db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.delivered_at !== null) return;
    const message: OutboxMessage = {
      channel: row.channel,
      recipient: row.recipient,
      template: row.template,
      payload: JSON.parse(row.payload) as OutboxMessage['payload'],
    };
    let error: string | null = null;
    if (config.driver === 'log') {
      log.info({ outbox: { id, ...message } }, `outbox ${message.template} to ${message.recipient}`);
    } else {
      try {
        const response = await fetch(config.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id, ...message }),
          signal: AbortSignal.timeout(5000),
        });
        if (!response.ok) error = `HTTP ${response.status}`;
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      if (error) log.warn({ outboxId: id, error }, 'outbox delivery failed');
    }
    await db
      .updateTable('outbox')
      .set(error ? { error } : { delivered_at: now(), error: null })
      .where('id', '=', id)
      .execute();
    // Thrown, the job is retried with back-off.
    if (error) throw new Error(error);
  });

  return {
    async send(message) {
      const id = newId();
      await db
        .insertInto('outbox')
        .values({
          id,
          channel: message.channel,
          recipient: message.recipient,
          template: message.template,
          payload: JSON.stringify(message.payload),
          created_at: now(),
          delivered_at: null,
          error: null,
        })
        .execute();
      await jobs.enqueue(OUTBOX_DELIVER, { id }, { maxAttempts: OUTBOX_ATTEMPTS, dedupeKey: `outbox:${id}` });
    },
  };
}
