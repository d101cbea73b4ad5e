import type { Db } from '../../platform/db/connect';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import * as catalogue from './catalogue-repo';
import { onlineWindowMs, propertyOnlineWindowMs } from './items';
import { pollIntervals } from './poll-intervals';
import { findDeviceHeads, pageDevices } from './repo';
import * as taskSelection from './task-selection-repo';

/**
 * The device reads other modules build on: the device catalogue's platforms (the signing module relates
 * certificates to them), devices' names (firmware task lists), the devices a firmware task selects and lists. This
 * file imports no other module. No SQL here.
 */

/** Every platform of the property by name (`platform_id`, `name`, `os_type`), at most `limit`. */
export const platformOptions = (db: Db, tenant: Tenant, limit: number) => catalogue.platformOptions(db, tenant, limit);

/** Which of `ids` are platforms of the property. */
export const platformIdsAmong = async (db: Db, tenant: Tenant, ids: readonly string[]): Promise<string[]> => [
  ...(await catalogue.namesOf(db, 'device_platforms', tenant, ids)).keys(),
];

/**
 * The rows, each with the name of the device its `device_id` names as `device_name` (null for a device that is
 * gone): one read for a page of rows, instead of a join in their lists.
 */
export async function withDeviceNames<R extends { device_id: string }>(
  db: Db,
  tenant: Tenant,
  rows: readonly R[],
): Promise<(R & { device_name: string | null })[]> {
  const heads = await findDeviceHeads(db, tenant, [...new Set(rows.map((r) => r.device_id))]);
  const names = new Map(heads.map((d) => [d.device_id, d.name]));
  return rows.map((r) => ({ ...r, device_name: names.get(r.device_id) ?? null }));
}

export type { CandidateQuery, CandidateRow } from './task-selection-repo';

/** The property's accepted devices matching every given condition (a firmware task's selection and checks). */
export const acceptedDevices = taskSelection.acceptedDevices;

/** Which of `ids` are devices of the property, whatever their admission. */
export const deviceIdsAmong = (db: Db, tenant: Tenant, ids: readonly string[]) =>
  taskSelection.idsIn(db, 'devices', tenant, ids);

/** Which of `ids` authenticate over Mender's API (they have a Mender identity). */
export const menderDeviceIdsAmong = (db: Db, tenant: Tenant, ids: readonly string[]) =>
  taskSelection.idsIn(db, 'mender_identities', tenant, ids);

/** Name, model name, versions, attributes and last-seen time of each of `ids` that is a device (a page of a list). */
export const listedDevices = taskSelection.listedDevices;

/** The condition "the device this column names has a name containing the text" (a list's search). */
export const deviceNameMatches = taskSelection.deviceNameMatches;

/**
 * A page of the property's devices, newest first (a picker's list): `str` searches serial, name and label; `modelId`,
 * `sid` and `groupId` (of the space's group tree) filter. Rows as the device list reads them.
 */
export const pagePropertyDevices = (
  db: Db,
  tenant: Tenant,
  f: { str?: string; modelId?: string; sid?: string; groupId?: string },
  pageNum: number,
  pageSize: number,
) => pageDevices(db, tenant, { str: f.str, model: f.modelId, sid: f.sid, groupId: f.groupId }, pageNum, pageSize);

/** The devices of `ids` in the property with their name and placement (`device_id`, `name`, `sid`, `group_id`). */
export async function devicePlacements(db: Db, tenant: Tenant, ids: readonly string[]) {
  const rows = await findDeviceHeads(db, tenant, [...new Set(ids)]);
  return rows.map((r) => ({ device_id: r.device_id, name: r.name, sid: r.sid, group_id: r.group_id }));
}

/** How long after its last poll a device still counts as online (ms): `listedDevices`' `last_seen_at` against it. */
export const deviceOnlineWindowMs = onlineWindowMs;
/** The same for the devices of one property, whose polling interval may be its own (poll-intervals.ts). */
export const propertyDeviceOnlineWindowMs = propertyOnlineWindowMs;

/** The polling intervals a property's devices are told, in seconds (`poll`, and `rollout` while offered a deployment). */
export const devicePollIntervalsOf = (s: Services, pno: string) => pollIntervals(s).of(pno);
