import type { PickerDeviceItem } from '@keel/contract/endpoints/app-group';
import { nameIn } from '@keel/contract/format';
import type { Services } from '../../platform/services';
import { pagePropertyDevices } from '../device/reads';
import type { Caller } from './caller';
import * as repo from './repo';

/** The device picker of app groups: a page of the property's devices, each with the app group it is in. */
export async function listPickerDevices(
  s: Services,
  c: Caller,
  input: { str?: string; modelId?: string; sid?: string; spaceGroupId?: string; pageNum: number; pageSize: number },
) {
  const { rows, total } = await pagePropertyDevices(
    s.db,
    c.t,
    { str: input.str, modelId: input.modelId, sid: input.sid, groupId: input.spaceGroupId },
    input.pageNum,
    input.pageSize,
  );
  const placed = await repo.groupsOfDevices(
    s.db,
    c.t,
    rows.map((r) => r.device_id),
  );
  const groups = await repo.groupsIn(s.db, c.t, [...new Set(placed.values())]);
  const list = rows.map((r): PickerDeviceItem => {
    const group = groups.get(placed.get(r.device_id) ?? '');
    return {
      deviceId: r.device_id,
      name: r.name,
      label: r.label,
      modelId: r.model_id ?? '',
      modelName: r.model_name ?? '',
      sid: r.sid ?? '',
      groupId: r.group_id ?? '',
      appGroupId: group?.group_id ?? '',
      appGroupName: group ? nameIn(group, c.locale) : '',
    };
  });
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}
