import { COMMAND_PERMISSIONS } from '@keel/contract/endpoints/command';
import { useSession } from '../../shared/session/session-store';

/** What sending or cancelling a command shows in. */
export const COMMAND_LISTS = ['cmd/getPnoCmdList', 'cmd/getCmdResultList'] as const;

export const DIRECTIVE_PAGE = '/fota/FotaDirectivePage';

/** Whether the member may send and cancel commands (the owner holds everything). */
export function useCanSend(): boolean {
  const ids = useSession((s) => s.menuIdList);
  const owner = useSession((s) => s.selectedProperty?.role === 'owner');
  return owner || ids.includes(COMMAND_PERMISSIONS.send);
}

/** Tag colours of a device's result. */
export const TARGET_COLORS = {
  pending: 'default',
  delivered: 'processing',
  succeeded: 'green',
  failed: 'red',
  expired: 'orange',
  cancelled: 'default',
} as const;

export const COMMAND_COLORS = { active: 'processing', finished: 'green', cancelled: 'default' } as const;
