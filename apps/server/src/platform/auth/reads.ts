/**
 * What modules read of platform/auth's tables (users, properties, memberships, businesses): modules call these
 * and never query the tables themselves (architecture §6). Writes are the named functions of the *-repo.ts files.
 */
export { findAccounts, findUserByAccount, findUserByPhone, findUserByUid, userName, userNames } from './users-repo';
