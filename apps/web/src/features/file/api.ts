import { FILE_PERMISSIONS } from '@keel/contract/endpoints/file';
import { api } from '../../shared/api/client';
import { useSession } from '../../shared/session/session-store';

/** What a change of files shows in: the lists refetched after it (the space's use, its group tree's counts). */
export const FILE_LISTS = [
  'fis/fi/getMyFileList',
  'space/getMySpaceList',
  'space/getAllSpaceList',
  'space/getMySpaceInfo',
  'space/getAnySpaceInfo',
  'space/getSpaceStatistics',
  'sg/getGroupTree',
] as const;
export const COMMON_FILE_LISTS = ['commonFile/getCommonFileInfo'] as const;

/** Whether the member may add, change and delete common files (the owner holds everything). */
export function useCanEditRepository(): boolean {
  const ids = useSession((s) => s.menuIdList);
  const owner = useSession((s) => s.selectedProperty?.role === 'owner');
  return owner || ids.includes(FILE_PERMISSIONS.repositoryEdit);
}

/** Starts a browser download of a link the server signed (Content-Disposition: attachment keeps the page). */
function follow(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export async function downloadFile(fid: string): Promise<void> {
  follow((await api('fis/fi/getDownloadUrl', { fid })).url);
}

export async function downloadCommonFile(id: string): Promise<void> {
  follow((await api('commonFile/getDownloadUrl', { id })).url);
}
