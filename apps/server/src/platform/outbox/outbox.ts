import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { newId } from '../ids';

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

/**
 * Messages to people (codes, invitations) are written to the `outbox` table, then handed to the driver:
 * `log` prints them in the server log (development), `webhook` POSTs them as JSON to an SMS/e-mail gateway.
 * Tests read the table.
 */
export function createOutbox(db: Db, config: Config['outbox'], log: FastifyBaseLogger, now: () => number): Outbox {
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
        .set(error ? { error } : { delivered_at: now() })
        .where('id', '=', id)
        .execute();
    },
  };
}
