import type { EndpointPath } from '@keel/contract/endpoints/index';
import type { Scope } from '../../shared/api/query-key';
import { useSession } from '../../shared/session/session-store';

export type { DeviceDetail, DeviceItem } from '@keel/contract/endpoints/device';
export { DEVICE_PERMISSIONS } from '@keel/contract/endpoints/device-common';
export type { Scope } from '../../shared/api/query-key';

/** Whether the selected property's menu-id list holds a function id (SPEC §4); the back office always may. */
export function useCan(functionId: string, scope: Scope = 'property'): boolean {
  const has = useSession((s) => s.menuIdList.includes(functionId));
  return scope === 'platform' || has;
}

/** The calls whose queries show devices (refetched after any change to one). */
export const DEVICE_READS: readonly EndpointPath[] = [
  'di/getAllDeviceList',
  'di/getAnyDeviceInfo',
  'di/getMyDeviceList',
  'di/getMyDeviceInfo',
  'di/getDeviceFilterList',
];

/** The calls whose queries show the catalogue. */
export const CATALOGUE_READS: readonly EndpointPath[] = [
  'dm/getDeviceModelList',
  'dm/getDevicePlatformList',
  'dm/getDeviceTypeList',
  'di/getDeviceFilterList',
];

/** The detail page of a device, in the property or in the back office. */
export const detailPath = (scope: Scope) =>
  scope === 'platform' ? '/Tis/Terminal/BackTerminalDetail' : '/Tis/Terminal/TerminalDetail';
export const listPath = (scope: Scope) =>
  scope === 'platform' ? '/Tis/Terminal/BackTerminalListPage' : '/Tis/Terminal/TerminalListPage';

/** The hawkBit DDI address a device polls: `{origin}/{pno}/controller/v1/{deviceId}`. */
export const ddiUrl = (pno: string, deviceId: string) =>
  `${window.location.origin}/${encodeURIComponent(pno)}/controller/v1/${encodeURIComponent(deviceId)}`;

/**
 * One line of a pasted bind list: a device id, then the user's phone number or uid, separated by a comma, tab,
 * semicolon or spaces. Blank lines and lines starting with `#` are skipped (null).
 */
export function parseBindLine(line: string): { deviceId: string; user: string } | null | 'invalid' {
  const text = line.trim();
  if (text === '' || text.startsWith('#')) return null;
  const parts = text.split(/[\s,;，；]+/).filter(Boolean);
  if (parts.length !== 2) return 'invalid';
  return { deviceId: parts[0] as string, user: parts[1] as string };
}
