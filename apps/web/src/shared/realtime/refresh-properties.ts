import type { PropertySummary } from '@keel/contract/endpoints/auth';
import { api } from '../api/client';
import { useSession } from '../session/session-store';

/**
 * Re-reads the user's properties into the session (SPEC §9 `UserInfo.propertyList`), so the head's switcher shows
 * a property just joined. With no property selected yet, the first one is selected.
 */
export async function refreshPropertyList(
  select: (property: PropertySummary) => Promise<void>,
): Promise<PropertySummary[]> {
  const list = await api('pro/getMyPropertyList', {}, { notify: false });
  const { userInfo, selectedPropertyPno, setPropertyList } = useSession.getState();
  if (!userInfo) return list;
  setPropertyList(list);
  const stillThere = list.some((p) => p.pno === selectedPropertyPno);
  if ((!selectedPropertyPno || !stillThere) && list[0]) await select(list[0]);
  return list;
}
