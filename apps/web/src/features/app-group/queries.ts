import type { AppGroupItem } from '@keel/contract/endpoints/app-group';
import { useQuery } from '@tanstack/react-query';
import { categoriesQuery, groupQuery } from './api';

/** One group of the property by its id (`undefined` data: gone, or another property's). */
export function useGroup(groupId: string | undefined) {
  return useQuery({
    ...groupQuery(groupId ?? ''),
    enabled: groupId !== undefined,
    retry: false,
    select: (page): AppGroupItem | undefined => page.list.find((g) => g.groupId === groupId),
  });
}

/** The categories of a group (by its master app), in order. */
export function useCategories(masterAppId: string | undefined) {
  return useQuery({ ...categoriesQuery(masterAppId ?? ''), enabled: masterAppId !== undefined });
}
