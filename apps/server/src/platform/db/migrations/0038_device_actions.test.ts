import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createSchema, dropSchema, schemaLock } from '../../../test/harness';
import { connect, type Db } from '../connect';
import { migrateToLatest, migrateUpTo } from '../migrate';

/** Migration 0038 carries temporary firmware results and command targets over into device actions. */
const databases = process.env.TEST_DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

describe.each(databases)('migration 0038_device_actions [%s]', (kind) => {
  const opened: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of opened) await close();
  });

  async function database(): Promise<Db> {
    if (kind === 'sqlite') {
      const { db } = connect({ kind: 'sqlite', file: ':memory:' });
      opened.push(() => db.destroy());
      return db;
    }
    const schema = await createSchema();
    const { db } = connect({ kind: 'postgres', url: process.env.TEST_DATABASE_URL as string, schema });
    opened.push(async () => {
      await db.destroy();
      await dropSchema(schema);
    });
    return db;
  }

  it('keeps the results’ action ids, numbers the targets after them, and moves the counter on', async () => {
    const db = await database();
    const release = kind === 'postgres' ? await schemaLock('shared') : async () => {};
    try {
      await migrateUpTo(db, '0037_access_tokens');
      const raw = db.withoutPlugins();
      await sql`insert into users (uid, phone, name, created_at, updated_at) values ('u1', '13900000001', 'U', 1, 1)`.execute(
        raw,
      );
      await sql`insert into properties (pno, name, owner_uid, created_at, updated_at) values ('p1', 'P', 'u1', 1, 1)`.execute(
        raw,
      );
      await sql`insert into fw_temp_files (id, pno, fid, name, size, sha256, content_type, created_at)
        values ('f1', 'p1', 'fid', 'a.bin', 1, 'x', 'application/octet-stream', 1)`.execute(raw);
      await sql`insert into fw_temp_tasks (id, pno, name, file_id, file_name, file_size, file_sha256, state,
        created_at, updated_at) values ('t1', 'p1', 'T', 'f1', 'a.bin', 1, 'x', 'running', 1, 1)`.execute(raw);
      await sql`insert into fw_temp_results (task_id, pno, device_id, state, progress, message, created_at,
        delivered_at, updated_at, cancel_state, action_id)
        values ('t1', 'p1', 'd1', 'delivered', 40, 'half', 5, 6, 7, null, 41),
               ('t1', 'p1', 'd2', 'cancelled', 0, '', 5, 6, 8, 'requested', 42)`.execute(raw);
      await sql`insert into counters (name, value) values ('fw-task-action', 50)`.execute(raw);
      await sql`insert into fw_commands (cmd_id, pno, type, total, state, expires_at, created_at, updated_at)
        values ('c1', 'p1', 'reboot', 2, 'active', 999, 10, 10)`.execute(raw);
      await sql`insert into fw_command_targets (cmd_id, pno, device_id, state, message, updated_at)
        values ('c1', 'p1', 'd1', 'pending', '', 10), ('c1', 'p1', 'd3', 'succeeded', 'ok', 11)`.execute(raw);

      await migrateToLatest(db);
      const rows = await raw
        .selectFrom('device_actions')
        .select([
          'action_id',
          'kind',
          'source_id',
          'device_id',
          'state',
          'progress',
          'message',
          'cancel_state',
          'expires_at',
        ])
        .orderBy('action_id')
        .execute();
      expect(
        rows.map((r) => ({ ...r, action_id: Number(r.action_id), expires_at: r.expires_at && Number(r.expires_at) })),
      ).toEqual([
        {
          action_id: 41,
          kind: 'tempFirmware',
          source_id: 't1',
          device_id: 'd1',
          state: 'delivered',
          progress: 40,
          message: 'half',
          cancel_state: null,
          expires_at: null,
        },
        {
          action_id: 42,
          kind: 'tempFirmware',
          source_id: 't1',
          device_id: 'd2',
          state: 'cancelled',
          progress: 0,
          message: '',
          cancel_state: 'requested',
          expires_at: null,
        },
        {
          action_id: 51,
          kind: 'command',
          source_id: 'c1',
          device_id: 'd1',
          state: 'pending',
          progress: 0,
          message: '',
          cancel_state: null,
          expires_at: 999,
        },
        {
          action_id: 52,
          kind: 'command',
          source_id: 'c1',
          device_id: 'd3',
          state: 'succeeded',
          progress: 0,
          message: 'ok',
          cancel_state: null,
          expires_at: 999,
        },
      ]);
      const counter = await raw
        .selectFrom('counters')
        .select('value')
        .where('name', '=', 'fw-task-action')
        .executeTakeFirstOrThrow();
      expect(Number(counter.value)).toBe(52);
    } finally {
      await release();
    }
  });
});
