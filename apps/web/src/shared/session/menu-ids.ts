import { api } from '../api/client';

/** `pro/getMenuIdList` for the selected property: the list on status 0, `null` otherwise (SPEC §4). */
export async function fetchMenuIds(): Promise<string[] | null> {
  try {
    const data = await api('pro/getMenuIdList', {});
    return data.menuIdList;
  } catch {
    return null;
  }
}
