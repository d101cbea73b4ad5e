import { useSession } from './session-store';

/** Whether the selected property's menu-id list holds a page or function id (what the member may do there). */
export function useCan(id: string): boolean {
  return useSession((s) => s.menuIdList.includes(id));
}
