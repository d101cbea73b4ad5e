import { memberGroupService, plainGroupRules } from '../member-group/service';
import { userSets } from './repo';

export type { Scope } from '../member-group/service';

/**
 * The rules of user sets (README.md): those of every member group (modules/member-group) — a unique name, delete
 * refused while the set has users unless forced, users are members of the set's property, operators reach any
 * property's sets from the back office.
 */
export const userSetService = memberGroupService(userSets, plainGroupRules);
