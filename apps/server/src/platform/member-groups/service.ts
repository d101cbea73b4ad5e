import { memberUids } from '../auth/members-repo';
import { isForeignKeyViolation, isUniqueViolation, nameKey } from '../db/sql-helpers';
import { AppError, invalidInput, notFound } from '../http/errors';
import { newId } from '../ids';
import type { Services } from '../services';
import { propertyTenant, type TenantScope } from '../tenancy/tenant';
import { type GroupValues, type MemberGroupRepo, propertyExists } from './repo';

/**
 * Who acts, and where: `tenant` is the selected property, or every property (`AllTenants`, only from the operator
 * check) for a platform operator in the back office, who
 * works on any property's groups (the group's own `pno` then scopes everything that follows). Kinds without a
 * back office (customers) always have a property.
 */
export interface Scope {
  tenant: TenantScope;
  uid: string;
}

/** A unique column of a group in its property, and the error a clash answers. */
export interface UniqueKey {
  column: 'name_key' | 'code_key';
  /** The saved key; null (no key) never clashes. */
  key: string | null;
  taken: () => AppError;
}

/** What distinguishes a kind of member group's save. */
export interface MemberGroupRules<SaveIn, V extends GroupValues> {
  /** The values a save writes, from the call's input. */
  values: (input: SaveIn) => V;
  /** The keys unique in the property, checked in order; the name is first. */
  uniqueKeys: (v: V) => UniqueKey[];
}

export const nameTaken = (v: GroupValues) => new AppError('nameTaken', { name: v.name });

/** Groups with a name and a remark only (titles, user sets): the name is unique in the property. */
export const plainGroupRules: MemberGroupRules<{ name: string; remark: string }, GroupValues> = {
  values: (input) => ({ name: input.name, nameKey: nameKey(input.name), remark: input.remark }),
  uniqueKeys: (v) => [{ column: 'name_key', key: v.nameKey, taken: () => nameTaken(v) }],
};

/** The rules of member groups (README.md): no SQL, no HTTP. */
export function memberGroupService<Id extends string, Extra, V extends GroupValues, SaveIn>(
  repo: MemberGroupRepo<Id, Extra, V>,
  rules: MemberGroupRules<SaveIn, V>,
) {
  const idKey = repo.id;

  /** The group in the caller's reach, with its property; "not found" otherwise (also for another tenant's id). */
  async function locate(db: Services['db'], scope: Scope, groupId: string) {
    const group = await repo.find(db, scope.tenant, groupId);
    if (!group) throw notFound(idKey);
    return group;
  }

  /** The property a new group goes to: the selected one, or the one an operator without it names in the body. */
  async function targetProperty(s: Services, scope: Scope, bodyPno: string | undefined): Promise<string> {
    if (scope.tenant.pno !== null) return scope.tenant.pno;
    if (!bodyPno) throw invalidInput('pno');
    if (!(await propertyExists(s.db, bodyPno))) throw notFound('pno');
    return bodyPno;
  }

  return {
    /** Creates a group (no id) or replaces its details; the unique keys are unique in the property. */
    async save(
      s: Services,
      scope: Scope,
      input: SaveIn & Partial<Record<Id, string>> & { pno?: string },
    ): Promise<string> {
      // With a selected property, naming another in the body is "not found" (as on the organisation calls).
      if (scope.tenant.pno !== null && input.pno !== undefined && input.pno !== scope.tenant.pno) throw notFound('pno');
      const values = rules.values(input);
      const groupId: string | undefined = input[idKey];
      const pno = groupId ? (await locate(s.db, scope, groupId)).pno : await targetProperty(s, scope, input.pno);
      const clash = async () => {
        for (const unique of rules.uniqueKeys(values)) {
          if (
            unique.key !== null &&
            (await repo.findByKey(s.db, propertyTenant(pno), unique.column, unique.key, groupId))
          ) {
            return unique.taken();
          }
        }
        return null;
      };
      const before = await clash();
      if (before) throw before;
      try {
        if (groupId) {
          await repo.update(s.db, propertyTenant(pno), groupId, values, s.now());
          return groupId;
        }
        const created = newId();
        await repo.insert(s.db, propertyTenant(pno), created, values, scope.uid, s.now());
        return created;
      } catch (error) {
        // Two saves of the same name (or code) at once: the unique indexes decide.
        if (isUniqueViolation(error)) throw (await clash()) ?? nameTaken(values);
        throw error;
      }
    },

    /** Deletes a group; one with users is refused unless `force`, which removes them in the same transaction. */
    async delete(s: Services, scope: Scope, groupId: string, force: boolean): Promise<number> {
      return s.db.transaction().execute(async (trx) => {
        const { pno } = await locate(trx, scope, groupId);
        const users = await repo.countUsers(trx, propertyTenant(pno), groupId);
        if (users > 0 && !force) throw new AppError('stillHasUsers', { count: users });
        await repo.delete(trx, propertyTenant(pno), groupId);
        return users;
      });
    },

    /** Adds members of its property to the group; all or nothing. */
    async addUsers(s: Services, scope: Scope, groupId: string, uids: readonly string[]) {
      try {
        return await s.db.transaction().execute(async (trx) => {
          const { pno } = await locate(trx, scope, groupId);
          const members = await memberUids(trx, pno, uids);
          const stranger = uids.find((uid) => !members.has(uid));
          if (stranger) throw notFound(`uid ${stranger}`);
          return repo.addUsers(trx, propertyTenant(pno), groupId, uids, scope.uid, s.now());
        });
      } catch (error) {
        // The group was deleted meanwhile.
        if (isForeignKeyViolation(error)) throw notFound(idKey);
        throw error;
      }
    },

    /**
     * Removes users from the group. A user the property does not know (neither a member nor in the group) is
     * "not found"; a member not in the group is skipped.
     */
    async removeUsers(s: Services, scope: Scope, groupId: string, uids: readonly string[]) {
      return s.db.transaction().execute(async (trx) => {
        const { pno } = await locate(trx, scope, groupId);
        const members = await memberUids(trx, pno, uids);
        const inGroup = await repo.memberUids(trx, propertyTenant(pno), groupId, uids);
        const stranger = uids.find((uid) => !members.has(uid) && !inGroup.has(uid));
        if (stranger) throw notFound(`uid ${stranger}`);
        return repo.removeUsers(trx, propertyTenant(pno), groupId, uids);
      });
    },

    async listUsers(
      s: Services,
      scope: Scope,
      groupId: string,
      q: { str?: string; pageNum: number; pageSize: number },
    ) {
      const { pno } = await locate(s.db, scope, groupId);
      return repo.listUsers(s.db, propertyTenant(pno), groupId, q.str || undefined, q.pageNum, q.pageSize);
    },

    /**
     * The groups list: the selected property's, or for an operator every property's (or `filterPno`'s); `only`
     * narrows it to one group (an edit dialog opened by its link), an empty page when it is out of reach.
     */
    list(
      s: Services,
      scope: Scope,
      q: { only?: string; str?: string; filterPno?: string; pageNum: number; pageSize: number },
    ) {
      // An operator's back-office list narrows to one property with filterPno (the handle already spans all).
      const tenant = scope.tenant.pno === null && q.filterPno ? propertyTenant(q.filterPno) : scope.tenant;
      return repo.list(s.db, tenant, q.str || undefined, q.pageNum, q.pageSize, q.only);
    },
  };
}

export type MemberGroupService<Id extends string, Extra, V extends GroupValues, SaveIn> = ReturnType<
  typeof memberGroupService<Id, Extra, V, SaveIn>
>;
