import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/harness';
import { createJobQueue } from '../jobs/runner';
import { createOutbox } from './outbox';

const quietLog = { info() {}, warn() {} } as unknown as FastifyBaseLogger;

describeEachDb('outbox webhook driver', (env) => {
  it('POSTs the message to the gateway and marks it delivered, or records the failure', async () => {
    const received: unknown[] = [];
    let answer = 200;
    const gateway = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.writeHead(answer).end();
      });
    });
    gateway.listen(0, '127.0.0.1');
    await once(gateway, 'listening');
    const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
    const { db, dialect, bus } = env().app.keel;
    const jobs = createJobQueue({ db, dialect, bus, now: env().now, log: quietLog }, { backoffMs: 1000 });
    const outbox = createOutbox(db, { driver: 'webhook', url }, quietLog, env().now, jobs);

    await outbox.send({
      channel: 'sms',
      recipient: '13900000077',
      template: 'code.signIn',
      payload: { code: '123456' },
    });
    expect(await jobs.runDue()).toBe(1);
    answer = 502;
    await outbox.send({
      channel: 'sms',
      recipient: '13900000078',
      template: 'code.signIn',
      payload: { code: '654321' },
    });
    expect(await jobs.runDue()).toBe(1);

    expect(received).toMatchObject([
      { channel: 'sms', recipient: '13900000077', template: 'code.signIn', payload: { code: '123456' } },
      { recipient: '13900000078' },
    ]);
    const rows = await db
      .selectFrom('outbox')
      .select(['recipient', 'delivered_at', 'error'])
      .where('recipient', 'in', ['13900000077', '13900000078'])
      .orderBy('recipient')
      .execute();
    expect(rows[0].delivered_at).not.toBeNull();
    expect(rows[1]).toMatchObject({ delivered_at: null, error: 'HTTP 502' });

    // The failed delivery is retried through the job queue after its back-off, and then succeeds.
    answer = 200;
    expect(await jobs.runDue()).toBe(0);
    env().advance(1000);
    expect(await jobs.runDue()).toBe(1);
    gateway.close();
    expect(received).toHaveLength(3);
    const retried = await db
      .selectFrom('outbox')
      .select(['delivered_at', 'error'])
      .where('recipient', '=', '13900000078')
      .executeTakeFirstOrThrow();
    expect(retried.delivered_at).not.toBeNull();
    expect(retried.error).toBeNull();
  });
});
