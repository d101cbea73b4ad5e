import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/harness';
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
    const { db } = env().app.keel;
    const outbox = createOutbox(db, { driver: 'webhook', url }, quietLog, env().now);

    await outbox.send({
      channel: 'sms',
      recipient: '13900000077',
      template: 'code.signIn',
      payload: { code: '123456' },
    });
    answer = 502;
    await outbox.send({
      channel: 'sms',
      recipient: '13900000078',
      template: 'code.signIn',
      payload: { code: '654321' },
    });
    gateway.close();

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
  });
});
