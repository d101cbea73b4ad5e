// Keel (servers/keel-app.ts) with a fleet: 1 000 000 devices, each with its own credential, 10 000 of them in the
// demo property (演示物业) and 10 000 in each of 99 more properties. Inserted straight into SQLite on a second
// connection before the server listens (one transaction, recursive CTEs and one prepared statement), then
// checkpointed. The parent (device.ts) derives the same ids and tokens (fleet.ts).
//
// Besides servers/ipc.ts's messages it answers `{ type: 'sightings', on }`: whether the device API records
// last-seen (the runtime's `recordSightings` switch), so that one server and one database are measured both ways.
import { createHash } from 'node:crypto';
import { runtimeOf } from '@keel/server/modules/device/runtime';
import SQLite from 'better-sqlite3';
import { benchPno, deviceIdOf, FLEET_DEVICES, PER_PROPERTY, POLL_SLEEP, pnoOf, tokenOf } from '../fleet';
import { serveKeel } from './keel-app';

async function insertFleet(app: Parameters<NonNullable<Parameters<typeof serveKeel>[0]>>[0]): Promise<void> {
  const database = app.keel.config.database;
  if (database.kind !== 'sqlite') throw new Error('the device bench runs on SQLite');
  const demo = await app.keel.db
    .selectFrom('properties')
    .select(['pno', 'owner_uid'])
    .where('name', '=', '演示物业')
    .executeTakeFirstOrThrow();
  const started = Date.now();
  const base = Date.now() - FLEET_DEVICES - 60_000;
  const properties = FLEET_DEVICES / PER_PROPERTY;
  const sqlite = new SQLite(database.file);
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // A bulk load: no fsync per page, a large page cache, and the two tables' indexes dropped while the rows go in
  // and made again from their own definitions afterwards (one sort each instead of a million B-tree inserts).
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -262144');
  const indexes = sqlite
    .prepare(
      "select name, sql from sqlite_master where type = 'index' and tbl_name in ('devices', 'device_credentials') and sql is not null",
    )
    .all() as Array<{ name: string; sql: string }>;
  const insertProperty = sqlite.prepare(
    'insert into properties (pno, name, is_customer, owner_uid, created_at, updated_at) values (?, ?, 1, ?, ?, ?)',
  );
  const insertCredential = sqlite.prepare(
    'insert into device_credentials (device_id, pno, name, token_hash, created_at) values (?, ?, ?, ?, ?)',
  );
  sqlite.transaction(() => {
    for (const index of indexes) sqlite.exec(`drop index "${index.name}"`);
    // Each with the terminal business (the device API serves no other property's devices).
    const insertBusiness = sqlite.prepare(
      "insert into property_businesses (pno, business, disabled, authorised_at) values (?, 'terminal', 0, ?)",
    );
    for (let p = 1; p < properties; p += 1) {
      insertProperty.run(benchPno(p), `压测物业 ${p}`, demo.owner_uid, base, base);
      insertBusiness.run(benchPno(p), base);
    }
    // Device i: property i / 10 000 (0 = the demo property), created one ms apart, reported attributes (so that a
    // poll is the plain "nothing to do"), each seen once before (a presence row per device, so that the runs with
    // last-seen recording update rows among a million, as in a fleet that has been running, not insert into an
    // empty table).
    sqlite
      .prepare(
        `with recursive c(i) as (select 0 union all select i + 1 from c where i + 1 < ?)
         insert into devices (device_id, pno, name, business, os_type, admission, enrolment, attributes,
                              attributes_at, created_at, updated_at)
         select printf('bench-dev-%07d', i),
                case when i < ? then ? else printf('bench-p-%02d', i / ?) end,
                printf('设备 %d', i), 'terminal', 'linux', 'accepted', 'console', '{"firmwareVersion":"1.0.0"}',
                ? + i, ? + i, ? + i
         from c`,
      )
      .run(FLEET_DEVICES, PER_PROPERTY, demo.pno, PER_PROPERTY, base, base, base);
    sqlite
      .prepare(
        `insert into device_presence (device_id, first_seen_at, last_seen_at, last_address)
         select device_id, created_at, created_at, '127.0.0.1' from devices where device_id like 'bench-dev-%'
         order by device_id`,
      )
      .run();
    for (let i = 0; i < FLEET_DEVICES; i += 1) {
      const tokenHash = createHash('sha256').update(tokenOf(i)).digest('hex');
      insertCredential.run(deviceIdOf(i), pnoOf(i, demo.pno), `设备 ${i}`, tokenHash, base + i);
    }
    for (const index of indexes) sqlite.exec(index.sql);
  })();
  // As a running server would have it: the bulk insert's write-ahead log checkpointed.
  sqlite.pragma('wal_checkpoint(truncate)');
  sqlite.close();
  process.stderr.write(`devices: ${FLEET_DEVICES} devices with credentials inserted in ${Date.now() - started} ms\n`);
}

if (process.env.BENCH_DATA_DIR) {
  await serveKeel(
    async (app) => {
      await insertFleet(app);
      process.on('message', (m: { type?: string; on?: boolean }) => {
        if (m?.type === 'sightings') {
          runtimeOf(app.keel).recordSightings = m.on !== false;
          process.send?.({ type: 'sightings', on: runtimeOf(app.keel).recordSightings });
        }
      });
    },
    { DEVICE_POLL_SLEEP: POLL_SLEEP },
  );
}
