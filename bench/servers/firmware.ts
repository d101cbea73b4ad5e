// Keel (servers/keel-app.ts) with a firmware fleet for bench/firmware.ts: 100 000 accepted devices of the demo
// property (演示物业), each with its own credential, in a terminal space of their own (压测终端), all reporting
// firmware 1.0.0. Inserted straight into SQLite on a second connection before the server listens (one transaction,
// a recursive CTE and one prepared statement), as servers/devices.ts does for its million. The parent derives the
// same ids and tokens (firmware-fleet.ts).
//
// Besides servers/ipc.ts's messages it answers `{ type: 'fleet' }` with the space's sid and the demo file space's
// (for the package's upload), `{ type: 'tick' }` by running one pass of the rollout engine (firmware.task.tick), and
// `{ type: 'claims', taskId }` with the number of devices the task holds (fw_task_claims).
import { createHash } from 'node:crypto';
import { runtimeOf } from '@keel/server/modules/device/runtime';
import { tick } from '@keel/server/modules/firmware-task/engine';
import { nameKey } from '@keel/server/platform/db/sql-helpers';
import SQLite from 'better-sqlite3';
import { FW_DEVICES, FW_SPACE, fwDeviceIdOf, fwTokenOf } from '../firmware-fleet';
import { type KeelApp, serveKeel } from './keel-app';

async function insertFleet(app: KeelApp): Promise<{ sid: string; filesSid: string; pno: string }> {
  const database = app.keel.config.database;
  if (database.kind !== 'sqlite') throw new Error('the firmware bench runs on SQLite');
  const demo = await app.keel.db
    .selectFrom('properties')
    .select(['pno', 'owner_uid'])
    .where('name', '=', '演示物业')
    .executeTakeFirstOrThrow();
  const started = Date.now();
  const now = Date.now();
  const sid = 'bench-fw-space';
  const filesSid = 'bench-fw-files';
  const sqlite = new SQLite(database.file);
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = OFF');
  const insertCredential = sqlite.prepare(
    'insert into device_credentials (device_id, pno, name, token_hash, created_at) values (?, ?, ?, ?, ?)',
  );
  sqlite.transaction(() => {
    // The devices' space, and a file space for the package (the plain demo data has no spaces).
    const insertSpace = sqlite.prepare(
      `insert into spaces (sid, pno, name, name_key, business, category, owner_type, uid, quota_bytes, remark,
                           created_by, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, 'property', ?, 1000000000, '', ?, ?, ?)`,
    );
    insertSpace.run(
      sid,
      demo.pno,
      FW_SPACE,
      nameKey(FW_SPACE),
      'terminal',
      'terminal',
      demo.owner_uid,
      demo.owner_uid,
      now,
      now,
    );
    insertSpace.run(
      filesSid,
      demo.pno,
      '压测固件',
      nameKey('压测固件'),
      'firmware',
      'file',
      demo.owner_uid,
      demo.owner_uid,
      now,
      now,
    );
    // Device i: created one ms apart (the newest last), reporting firmware 1.0.0 (attributes too, so that a poll
    // does not ask for them), never seen yet (a task's offlineDays counts from its creation then).
    sqlite
      .prepare(
        `with recursive c(i) as (select 0 union all select i + 1 from c where i + 1 < ?)
         insert into devices (device_id, pno, name, business, os_type, sid, admission, enrolment, firmware_version,
                              attributes, attributes_at, created_at, updated_at)
         select printf('fw-dev-%06d', i), ?, printf('升级终端 %d', i), 'terminal', 'linux', ?, 'accepted',
                'console', '1.0.0', '{"firmwareVersion":"1.0.0"}', ? + i, ? + i, ? + i
         from c`,
      )
      .run(FW_DEVICES, demo.pno, sid, now - FW_DEVICES, now - FW_DEVICES, now - FW_DEVICES);
    for (let i = 0; i < FW_DEVICES; i += 1) {
      const tokenHash = createHash('sha256').update(fwTokenOf(i)).digest('hex');
      insertCredential.run(fwDeviceIdOf(i), demo.pno, `升级终端 ${i}`, tokenHash, now - FW_DEVICES + i);
    }
  })();
  sqlite.pragma('wal_checkpoint(truncate)');
  sqlite.close();
  process.stderr.write(`firmware: ${FW_DEVICES} devices with credentials inserted in ${Date.now() - started} ms\n`);
  return { sid, filesSid, pno: demo.pno };
}

if (process.env.BENCH_DATA_DIR) {
  await serveKeel(
    async (app) => {
      const fleet = await insertFleet(app);
      // Last-seen recording is the device suite's subject (device.ts measures the poll with and without it); here,
      // with a 1 s interval, it would write on nearly every poll.
      runtimeOf(app.keel).recordSightings = false;
      process.on('message', (m: { type?: string; taskId?: string }) => {
        if (m?.type === 'fleet') process.send?.({ type: 'fleet', ...fleet });
        if (m?.type === 'tick')
          tick(app.keel).then(
            () => process.send?.({ type: 'tick', ok: true }),
            (err: unknown) => process.send?.({ type: 'tick', ok: false, error: String(err) }),
          );
        if (m?.type === 'claims')
          app.keel.db
            .selectFrom('fw_task_claims')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('pno', '=', fleet.pno)
            .where('task_id', '=', m.taskId ?? '')
            .executeTakeFirstOrThrow()
            .then((r) => process.send?.({ type: 'claims', n: Number(r.n) }));
      });
    },
    // Devices may poll 20 times per interval (ddi-service.ts): at 1 s the 10 000 polling devices may poll 200 000
    // times a second in all, so the load is never answered 429.
    { DEVICE_POLL_SLEEP: '00:00:01' },
  );
}
