import { LOCALES } from '@keel/contract/constants';
import type { InputOf } from '@keel/contract/endpoint';
import type { EndpointPath, Endpoints } from '@keel/contract/endpoints/index';
import { z } from 'zod';
import { apiQuery, platformQuery } from '../../shared/api/query';
import { useSession } from '../../shared/session/session-store';

/** The platform apps page and its dialog (`/AppService/plat/…`), unprefixed. */
export const PLAT_APP_PAGE = '/AppService/plat/PlatAppPage';
export const ADD_PLATFORM_APP_DIALOG = '/AppService/plat/AddPlatformAppDlg';

/** Every read an added or removed platform app shows in. */
export const PLATFORM_READS: readonly EndpointPath[] = ['platform/getPlatformAppList'];

/** The list's language as the URL holds it (`?language=`; none: the reader's). */
export const LANGUAGE_SEARCH = z.object({ language: z.enum(LOCALES) }).partial();

/** Search params of the page that its dialog's URL carries and closing takes back. */
export const PAGE_KEEP = ['str', 'language', 'pageNum', 'pageSize'] as const;

/** Whether the signed-in user is a platform operator (who adds and removes platform apps). */
export function useIsOperator(): boolean {
  return useSession((s) => s.userInfo?.isOperator === 1);
}

type ListInput = InputOf<Endpoints['platform/getPlatformAppList']>;

/**
 * The list call: in the selected property, or for an operator without one (and for the candidates, which are the
 * operator's: every property's shelf) without the `pno` header.
 */
export function platformListQuery(input: ListInput, withoutProperty: boolean) {
  return withoutProperty
    ? platformQuery('platform/getPlatformAppList', input)
    : apiQuery('platform/getPlatformAppList', input);
}
