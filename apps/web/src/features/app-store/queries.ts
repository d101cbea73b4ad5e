import type { InputOf } from '@keel/contract/endpoint';
import type { AppItem, AppVersionItem } from '@keel/contract/endpoints/app-store';
import type { Endpoints } from '@keel/contract/endpoints/index';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../shared/api/query';
import { byMode, type Mode, VERSION_LOOKUP_SIZE } from './api';

type AppListInput = InputOf<Endpoints['ai/getAppInfoListByAdmin']>;

/**
 * The query of the mode's app list. Both calls answer the same page of apps; the options are typed as the developer
 * call's (a union of the two query keys defeats the inference of what uses them), while the key and the call are the
 * mode's. `ownerUid` is sent to the administrators' call only.
 */
export function appListQuery(mode: Mode, input: AppListInput) {
  const { ownerUid, ...rest } = input;
  return (
    mode === 'ByAdmin'
      ? apiQuery('ai/getAppInfoListByAdmin', { ...rest, ...(ownerUid ? { ownerUid } : {}) })
      : apiQuery('ai/getAppInfoListByUser', rest)
  ) as ReturnType<typeof apiQuery<'ai/getAppInfoListByUser'>>;
}

/** One app of the mode's list by its id (`undefined` data: gone, or not the caller's). */
export function useApp(mode: Mode, appId: string | undefined) {
  return useQuery({
    ...appListQuery(mode, { appId: appId ?? '', pageNum: 1, pageSize: 1 }),
    enabled: appId !== undefined,
    retry: false,
    select: (page): AppItem | undefined => page.list.find((a) => a.appId === appId),
  });
}

/** A page of an app's versions, highest versionCode first. */
export function useVersions(mode: Mode, appId: string | undefined, pageNum: number, pageSize: number) {
  return useQuery({
    ...apiQuery(byMode('av/getAppVerInfoList', mode), { appId: appId ?? '', pageNum, pageSize }),
    enabled: appId !== undefined,
    retry: false,
  });
}

/** One version of an app (`undefined` data: gone). */
export function useVersion(mode: Mode, appId: string | undefined, appVersionId: string | undefined) {
  return useQuery({
    ...apiQuery(byMode('av/getAppVerInfoList', mode), {
      appId: appId ?? '',
      pageNum: 1,
      pageSize: VERSION_LOOKUP_SIZE,
    }),
    enabled: appId !== undefined && appVersionId !== undefined,
    retry: false,
    select: (page): AppVersionItem | undefined => page.list.find((v) => v.appVersionId === appVersionId),
  });
}
