/**
 * What modules read of platform/auth's tables (users, properties, memberships, businesses): modules call these
 * and never query the tables themselves (architecture §6). Writes are the named functions of the *-repo.ts files.
 */
export {
  countMembers,
  filtersAccounts,
  findMember,
  type MemberListFilter,
  memberPageUids,
  memberRows,
  membersByPhone,
  membersOf,
  memberUidsAmong,
  memberUidsPlaced,
  ownerAndAdmins,
} from './members-repo';
export {
  allPropertyNames,
  enabledBusinesses,
  findProperty,
  propertyNames,
  withPropertyNames,
} from './properties-repo';
export {
  findAccounts,
  findUserByAccount,
  findUserByPhone,
  findUserByUid,
  findUserHead,
  userContacts,
  userHeads,
  userMatches,
  userName,
  userNames,
  withUserName,
  withUserNames,
} from './users-repo';
