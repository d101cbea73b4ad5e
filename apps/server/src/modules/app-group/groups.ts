import { nameIn } from '@keel/contract/format';
import { isUniqueViolation } from '../../platform/db/sql-helpers';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { appHeads } from '../app-store/reads';
import { deviceIdsAmong } from '../device/reads';
import type { Caller } from './caller';
import { groupItem, groupItems } from './items';
import * as repo from './repo';

/** App groups (README "Groups"): one per master app, with the devices that show its store. */

export async function groupOf(s: Services, c: Caller, groupId: string, field = 'groupId') {
  const row = await repo.findGroup(s.db, c.t, groupId);
  if (!row) throw notFound(field);
  return row;
}

export async function listGroups(
  s: Services,
  c: Caller,
  input: { groupId?: string; str?: string; pageNum: number; pageSize: number },
) {
  const filter = { groupId: input.groupId, str: input.str };
  const { rows, total } = await repo.pageGroups(s.db, c.t, filter, input.pageNum, input.pageSize);
  return { list: await groupItems(s, c, rows), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

export interface GroupSaveInput {
  groupId?: string;
  masterAppId: string;
  nameZh: string;
  nameEn: string;
  deviceIdList: string[];
}

/** Creates or edits a group: its master app (one group each), names and devices (each in one group at most). */
export async function saveGroup(s: Services, c: Caller, input: GroupSaveInput) {
  const existing = input.groupId ? await groupOf(s, c, input.groupId) : undefined;
  const master = (await appHeads(s.db, c.t, [input.masterAppId], c.locale)).get(input.masterAppId);
  if (!master) throw notFound('masterAppId');
  const taken = await repo.findGroupOfMaster(s.db, c.t, input.masterAppId);
  if (taken && taken.group_id !== existing?.group_id) {
    throw new AppError('appGroupMasterTaken', { app: master.appName, group: nameIn(taken, c.locale) });
  }
  const deviceIds = [...new Set(input.deviceIdList)];
  const known = await deviceIdsAmong(s.db, c.t, deviceIds);
  if (deviceIds.some((id) => !known.has(id))) throw notFound('deviceIdList');
  const placed = await repo.groupsOfDevices(s.db, c.t, deviceIds);
  const elsewhere = deviceIds.find((id) => placed.has(id) && placed.get(id) !== existing?.group_id);
  if (elsewhere) {
    const other = await repo.findGroup(s.db, c.t, placed.get(elsewhere) as string);
    throw new AppError('appGroupDeviceTaken', { device: elsewhere, group: other ? nameIn(other, c.locale) : '' });
  }

  const groupId = existing?.group_id ?? newId();
  const now = s.now();
  const fields = {
    master_app_id: input.masterAppId,
    name_zh: input.nameZh,
    name_en: input.nameEn,
    search_text: [input.nameZh, input.nameEn, master.packageName].join(' ').toLowerCase(),
    updated_at: now,
  };
  try {
    await s.db.transaction().execute(async (trx) => {
      if (existing) await repo.updateGroup(trx, c.t, groupId, fields);
      else await repo.insertGroup(trx, c.t, { group_id: groupId, created_by: c.uid, created_at: now, ...fields });
      await repo.replaceDevices(trx, c.t, groupId, deviceIds);
    });
  } catch (error) {
    // Another call took the master app or a device meanwhile (the unique indexes of migration 0044).
    if (isUniqueViolation(error)) throw new AppError('conflict', { reason: 'appGroup' });
    throw error;
  }
  return groupItem(s, c, await groupOf(s, c, groupId));
}

/** Deletes a group with its categories; its devices show the whole store again. */
export async function deleteGroup(s: Services, c: Caller, groupId: string): Promise<number> {
  await groupOf(s, c, groupId);
  return s.db.transaction().execute((trx) => repo.deleteGroup(trx, c.t, groupId));
}
