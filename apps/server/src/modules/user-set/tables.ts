import type { MemberGroupColumns, MembershipColumns } from '../../platform/member-groups/columns';

/** The tables modules/user-set owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface UserSetTables {
  user_sets: UserSetsTable;
  user_set_users: UserSetUsersTable;
}

export interface UserSetsTable extends MemberGroupColumns {
  usid: string;
}

export interface UserSetUsersTable extends MembershipColumns {
  usid: string;
}
