import type { AllowedOwnershipBreach } from './ownership';

/**
 * Ownership breaches known when the check (tools/ownership-check.ts) was added: a file and the table it uses outside
 * the table's owner, a module file with SQL outside a repo, a module import on a folder cycle. This list must shrink
 * to empty: fix a breach and remove its entry (the check fails on an entry no longer needed); never add one for new
 * code.
 */
export const KNOWN_OWNERSHIP_BREACHES: readonly AllowedOwnershipBreach[] = [
  // Platform-owned tables used by modules and other platform areas.
  { rule: 'table-outside-owner', where: 'apps/server/src/modules/org/repo.ts', what: 'property_members' },
  { rule: 'table-outside-owner', where: 'apps/server/src/modules/org/repo.ts', what: 'users' },
  // Module-owned tables used by other modules.
  { rule: 'table-outside-owner', where: 'apps/server/src/modules/workflow/people-repo.ts', what: 'org_member_counts' },
  { rule: 'table-outside-owner', where: 'apps/server/src/modules/workflow/people-repo.ts', what: 'org_member_totals' },
  { rule: 'table-outside-owner', where: 'apps/server/src/modules/workflow/people-repo.ts', what: 'orgs' },
  { rule: 'table-outside-owner', where: 'apps/server/src/modules/workflow/people-repo.ts', what: 'title_users' },
  { rule: 'table-outside-owner', where: 'apps/server/src/modules/workflow/people-repo.ts', what: 'titles' },
  { rule: 'table-outside-owner', where: 'apps/server/src/modules/workflow/people-repo.ts', what: 'user_set_users' },
  { rule: 'table-outside-owner', where: 'apps/server/src/modules/workflow/people-repo.ts', what: 'user_sets' },
];
