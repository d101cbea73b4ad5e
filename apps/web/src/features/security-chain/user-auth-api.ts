import { AUTH_TYPES } from '@keel/contract/constants';
import type { EndpointPath } from '@keel/contract/endpoints/index';
import { USER_AUTH_PERMISSIONS, type UserAuthSubjectType } from '@keel/contract/endpoints/security-user-auth';
import { useSession } from '../../shared/session/session-store';

/** The dialog route that adds user authorisations (over the authorisations page's "users" tab), unprefixed. */
export const ADD_USER_AUTH_DIALOG = '/SecurityChain/AddNewUserAuthDialog';

/** Every read a change of a user authorisation shows in (the functions' counts too). */
export const USER_AUTH_READS: readonly EndpointPath[] = ['ua/getUserAuthList', 'func/getFuncList'];

/** The subject types in the order the pages offer them, with their locale keys (`security-chain.userAuth.types.*`). */
export const SUBJECT_TYPES: ReadonlyArray<{ type: UserAuthSubjectType; key: string }> = [
  { type: AUTH_TYPES.users, key: 'user' },
  { type: AUTH_TYPES.titles, key: 'title' },
  { type: AUTH_TYPES.userSets, key: 'userSet' },
  { type: AUTH_TYPES.orgs, key: 'org' },
];

export const subjectTypeKey = (type: number) => SUBJECT_TYPES.find((s) => s.type === type)?.key ?? 'user';

/** Whether the member may add, disable and delete user authorisations. */
export function useCanEditUserAuths(): boolean {
  return useSession((s) => s.menuIdList.includes(USER_AUTH_PERMISSIONS.edit));
}
