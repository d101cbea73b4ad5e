import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrateUpTo } from '../../../migrations';
import { schemaLock } from '../../../test/harness';
import { migrationDatabases, scratchDatabases } from '../../../test/scratch-database';
import type { Db } from '../connect';

/**
 * Migrations 0038 and 0039 carry temporary firmware results, command targets and firmware tasks' attempts over into
 * device actions; 0040 renames the commands' table and their waiting expiry jobs with the module.
 */
/** The property `p1` of user `u1`, which the rows below belong to. */
async function ownedProperty(raw: Db) {
  await sql`insert into users (uid, phone, name, created_at, updated_at) values ('u1', '13900000001', 'U', 1, 1)`.execute(
    raw,
  );
  await sql`insert into properties (pno, name, owner_uid, created_at, updated_at) values ('p1', 'P', 'u1', 1, 1)`.execute(
    raw,
  );
}

describe.each(migrationDatabases)('migrations into device_actions [%s]', (kind) => {
  const database = scratchDatabases(kind);

  it('keeps the results’ action ids, numbers the targets after them, and moves the counter on', async () => {
    const db = await database();
    const release = kind === 'postgres' ? await schemaLock('shared') : async () => {};
    try {
      await migrateUpTo(db, '0037_access_tokens');
      const raw = db.withoutPlugins();
      await ownedProperty(raw);
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

  it('turns firmware attempts into actions of their task, moving the cancel over', async () => {
    const db = await database();
    const release = kind === 'postgres' ? await schemaLock('shared') : async () => {};
    try {
      await migrateUpTo(db, '0038_device_actions');
      const raw = db.withoutPlugins();
      await ownedProperty(raw);
      await sql`insert into fw_tasks (id, pno, name, sw_id, sw_type, sw_name, sw_version, state, mode, execution,
        created_at, updated_at) values ('k1', 'p1', 'K', 's1', 'os', 'S', '2.0', 'running', 'forced', '{}', 1, 1)`.execute(
        raw,
      );
      const attempt = (id: number, device: string, state: string, cancel: string | null) =>
        sql`insert into fw_task_attempts (id, pno, task_id, device_id, action_id, attempt, state, to_version, progress,
          protocol, detail, created_at, download_at, finish_at, updated_at, cancel_state, cancel_from, cancel_at)
          values (${`k1.${id}`}, 'p1', 'k1', ${device}, ${id}, 1, ${state}, '2.0', 30, 'ddi', 'said', 1, 2,
            ${state === 'installing' ? null : 3}, 4, ${cancel}, ${cancel ? 'installing' : null}, ${cancel ? 5 : null})`.execute(
          raw,
        );
      await attempt(61, 'd1', 'offered', null);
      await attempt(62, 'd2', 'installing', null);
      await attempt(63, 'd3', 'verifying', null);
      await attempt(64, 'd4', 'cancelled', 'confirmed');

      await migrateToLatest(db);
      const rows = await raw
        .selectFrom('device_actions')
        .select(['action_id', 'kind', 'source_id', 'state', 'stage', 'cancel_state', 'message', 'protocol', 'priority'])
        .where('kind', '=', 'firmware')
        .orderBy('action_id')
        .execute();
      expect(rows.map((r) => [Number(r.action_id), r.state, r.stage, r.cancel_state])).toEqual([
        [61, 'pending', '', null],
        [62, 'running', 'installing', null],
        [63, 'succeeded', '', null],
        [64, 'cancelled', '', 'confirmed'],
      ]);
      expect(rows[0]).toMatchObject({ source_id: 'k1', message: 'said', protocol: 'ddi', priority: 10 });
      const left = await raw
        .selectFrom('fw_task_attempts')
        .selectAll()
        .where('action_id', '=', 64)
        .executeTakeFirstOrThrow();
      expect(left).toMatchObject({ state: 'cancelled', cancel_from: 'installing' });
      expect('cancel_state' in left).toBe(false);
    } finally {
      await release();
    }
  });

  it('renames fw_commands to commands with its rows, and the waiting expiry jobs with their dedupe keys', async () => {
    const db = await database();
    const release = kind === 'postgres' ? await schemaLock('shared') : async () => {};
    try {
      await migrateUpTo(db, '0039_firmware_actions');
      const raw = db.withoutPlugins();
      await ownedProperty(raw);
      await sql`insert into fw_commands (cmd_id, pno, type, total, state, expires_at, created_at, updated_at)
        values ('c1', 'p1', 'reboot', 1, 'active', 5, 1, 1)`.execute(raw);
      const job = (id: string, kind: string, status: string, dedupe: string | null) =>
        sql`insert into jobs (id, kind, payload, status, run_at, max_attempts, dedupe_key, created_at, updated_at)
          values (${id}, ${kind}, '{}', ${status}, 5, 5, ${dedupe}, 1, 1)`.execute(raw);
      await job('j1', 'directive.expire', 'queued', 'directive.expire:c1');
      await job('j2', 'directive.expire', 'done', 'directive.expire:c0');
      await job('j3', 'firmware.task.tick', 'queued', 'firmware.task.tick:1');
      await migrateToLatest(db);
      const commands = await sql<{ cmd_id: string }>`select cmd_id from commands`.execute(raw);
      expect(commands.rows).toEqual([{ cmd_id: 'c1' }]);
      const jobs = await sql<{ id: string; kind: string; dedupe_key: string }>`
        select id, kind, dedupe_key from jobs order by id`.execute(raw);
      expect(jobs.rows).toEqual([
        { id: 'j1', kind: 'command.expire', dedupe_key: 'command.expire:c1' },
        { id: 'j2', kind: 'directive.expire', dedupe_key: 'directive.expire:c0' },
        { id: 'j3', kind: 'firmware.task.tick', dedupe_key: 'firmware.task.tick:1' },
      ]);
    } finally {
      await release();
    }
  });
});
