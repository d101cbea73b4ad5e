import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../api/query';
import { useSession } from '../session/session-store';

/**
 * Terminals to suggest in a picker that also takes typed ids (the member's list right allowing): the property's
 * newest hundred, labelled with id and name.
 */
export function useDeviceOptions() {
  const canList = useSession((s) => s.selectedProperty?.role === 'owner' || s.menuIdList.includes('terminals.list'));
  const devices = useQuery({ ...apiQuery('di/getAllDeviceList', { pageNum: 1, pageSize: 100 }), enabled: canList });
  return (devices.data?.list ?? []).map((d) => ({
    value: d.deviceId,
    label: d.name ? `${d.deviceId} · ${d.name}` : d.deviceId,
  }));
}
