import type { MemberGroupColumns, MembershipColumns } from '../../platform/member-groups/columns';

/** The tables modules/title owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface TitleTables {
  titles: TitlesTable;
  title_users: TitleUsersTable;
}

export interface TitlesTable extends MemberGroupColumns {
  tid: string;
}

export interface TitleUsersTable extends MembershipColumns {
  tid: string;
}
