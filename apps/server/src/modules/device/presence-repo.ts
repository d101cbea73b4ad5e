import { sql } from 'kysely';
import type { Db } from '../../platform/db/connect';

/**
 * SQL of when devices were seen (`device_presence`, migration 0034: a narrow row per device that was ever seen,
 * first and last time and the address, apart from the wide `devices` row so that the device API's sightings flush
 * writes many rows per page). Written only by the device runtime's flush (runtime.ts); read joined to `devices` by
 * the lists, details and counts (repo.ts, targets-repo.ts) and by firmware-task's device-repo.ts.
 */

export interface Sighting {
  pno: string;
  deviceId: string;
  at: number;
  address: string;
}

/**
 * Records when devices were last seen (and first seen), many at once, in `device_presence` (migration 0034): one
 * statement per 200 devices, inserting a device's row at its first sighting and never moving its time backwards.
 * Raw SQL (a VALUES list, `insert … select … on conflict do update`, on SQLite 3.35+ and PostgreSQL). A device
 * deleted since its poll is skipped (its id no longer in `devices`); device ids are unique on the platform, so the
 * property is not checked again (on SQLite that would read each device's wide row). Callers pass the devices in id
 * order (`bySightingKey`), so that a statement's rows share pages.
 */
export async function recordSightings(db: Db, sightings: readonly Sighting[]): Promise<void> {
  for (let i = 0; i < sightings.length; i += 200) {
    // One row per device: PostgreSQL refuses to update a row twice in one statement.
    const chunk = [...new Map(sightings.slice(i, i + 200).map((s) => [s.deviceId, s])).values()];
    const values = sql.join(
      chunk.map((s) => sql`(${s.deviceId}, cast(${s.at} as bigint), ${s.address})`),
      sql`, `,
    );
    await sql`
      with v(device_id, at, address) as (values ${values})
      insert into device_presence (device_id, first_seen_at, last_seen_at, last_address)
      select v.device_id, v.at, v.at, v.address from v
      where exists (select 1 from devices d where d.device_id = v.device_id)
      on conflict (device_id) do update set
        last_seen_at = case when device_presence.last_seen_at < excluded.last_seen_at
          then excluded.last_seen_at else device_presence.last_seen_at end,
        last_address = excluded.last_address`.execute(db);
  }
}

/** The order in which a flush writes sightings: by device id, the presence table's key. */
export const bySightingKey = (a: Sighting, b: Sighting) =>
  a.deviceId < b.deviceId ? -1 : a.deviceId > b.deviceId ? 1 : 0;
