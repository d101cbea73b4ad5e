import type { EndpointPath } from '@keel/contract/endpoints/index';
import {
  FUNC_RECORD_KINDS,
  FUNC_RECORD_SOURCES,
  ROUTED_CMD_STATES,
  SECURITY_RECORD_PERMISSIONS,
} from '@keel/contract/endpoints/security-records';
import { id } from '@keel/contract/envelope';
import { z } from 'zod';
import { useSession } from '../../shared/session/session-store';

/** The routed commands page (`/SecurityChain/DevSettingRoutedCmdPage`), unprefixed. */
export const ROUTED_CMD_PAGE = '/SecurityChain/DevSettingRoutedCmdPage';

/** Every read a routed command's change shows in (a use is a record too). */
export const ROUTED_READS: readonly EndpointPath[] = [
  'seclink/channel/getCmdRecordList',
  'seclink/channel/getAllCmdRecordList',
  'seclink/channel/getFuncCommand',
  'seclink/channel/getFuncRecordList',
  'seclink/channel/getFuncRecordDeviceList',
];
/** Every read an issued token shows in. */
export const RECORD_READS: readonly EndpointPath[] = [
  'seclink/channel/getFuncRecordList',
  'seclink/channel/getFuncRecordDeviceList',
  'grantPool/getGrantPoolList',
];

/** What the records' pages and components read of the URL besides the tables' own filters. */
export const RECORD_SEARCH = z
  .object({
    sid: id(),
    deviceId: id(),
    uid: id(),
    poolId: id(),
    funcId: id(),
    kind: z.enum(FUNC_RECORD_KINDS),
    source: z.enum(FUNC_RECORD_SOURCES),
    state: z.enum(ROUTED_CMD_STATES),
  })
  .partial();

/** Whether the member may cancel anyone's routed commands (their own they always may). */
export function useCanCancelRouted(): boolean {
  return useSession((s) => s.menuIdList.includes(SECURITY_RECORD_PERMISSIONS.routedCmd));
}
