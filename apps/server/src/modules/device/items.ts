import type { Business } from '@keel/contract/constants';
import type { DeviceDetail, DeviceItem } from '@keel/contract/endpoints/device';
import type { Admission, OsType } from '@keel/contract/endpoints/device-common';
import type { Services } from '../../platform/services';
import { pollIntervals } from './poll-intervals';
import type { DeviceRow } from './repo';
import { FLUSH_MS } from './runtime';

/** How long after its last poll a device still counts as online: two polling intervals and one flush. */
export const onlineWindowMs = (s: Services) => 2 * s.config.devicePollSeconds * 1000 + FLUSH_MS;

/**
 * The online window of a property's devices: two of its usual polling intervals (poll-intervals.ts) and one flush,
 * never shorter than the server's (Mender clients keep their own interval). Null: across properties, the server's.
 */
export async function propertyOnlineWindowMs(s: Services, pno: string | null): Promise<number> {
  if (pno === null) return onlineWindowMs(s);
  const { poll } = await pollIntervals(s).of(pno);
  return 2 * Math.max(poll, s.config.devicePollSeconds) * 1000 + FLUSH_MS;
}

/** The reported attributes of a row (a JSON object of texts; anything else reads as none). */
export function attributesOf(json: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

export function toItem(r: DeviceRow, now: number, windowMs: number): DeviceItem {
  return {
    deviceId: r.device_id,
    pno: r.pno,
    propertyName: r.property_name,
    name: r.name,
    label: r.label,
    business: r.business as Business,
    model: r.model_id,
    modelName: r.model_name,
    osType: r.os_type as OsType,
    mockup: r.mockup === 1 ? 1 : 0,
    sid: r.sid,
    groupId: r.group_id,
    uid: r.uid,
    userName: r.user_name,
    userPhoneNum: r.user_phone,
    admission: r.admission as Admission,
    enrolment: r.enrolment === 'gateway' ? 'gateway' : 'console',
    hasCredential: Number(r.has_credential) ? 1 : 0,
    firmwareVersion: r.firmware_version,
    appVersion: r.app_version,
    online: r.last_seen_at !== null && now - r.last_seen_at <= windowMs ? 1 : 0,
    firstSeenTime: r.first_seen_at,
    lastSeenTime: r.last_seen_at,
    createTime: r.created_at,
  };
}

export function toDetail(
  r: DeviceRow,
  now: number,
  windowMs: number,
  menderKey: DeviceDetail['menderKey'] = null,
): DeviceDetail {
  return {
    ...toItem(r, now, windowMs),
    remark: r.remark,
    attributes: attributesOf(r.attributes),
    attributesTime: r.attributes_at,
    lastAddress: r.last_address,
    bindTime: r.bound_at,
    platformName: r.platform_name,
    typeName: r.type_name,
    updateTime: r.updated_at,
    menderKey,
  };
}
