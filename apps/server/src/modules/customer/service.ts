import { isForeignKeyViolation, isUniqueViolation, nameKey } from '../../platform/db/sql-helpers';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import * as repo from './repo';

/** Who acts, in which property (from the request context). */
export interface Scope {
  pno: string;
  uid: string;
}

/** The rules of customers (README.md): no SQL, no HTTP. */

export interface CustomerInput {
  cid?: string;
  name: string;
  code: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  address: string;
  remark: string;
}

/** Creates a customer, or replaces its details; name and (non-empty) code are unique in the property. */
export async function saveCustomer(s: Services, scope: Scope, input: CustomerInput): Promise<string> {
  const values: repo.CustomerValues = {
    name: input.name,
    nameKey: nameKey(input.name),
    code: input.code,
    codeKey: input.code === '' ? null : nameKey(input.code),
    contactName: input.contactName,
    contactPhone: input.contactPhone,
    contactEmail: input.contactEmail,
    address: input.address,
    remark: input.remark,
  };
  if (input.cid && !(await repo.findCustomer(s.db, scope.pno, input.cid))) throw notFound('cid');
  const clash = async () => {
    if (await repo.findCustomerByNameKey(s.db, scope.pno, values.nameKey, input.cid)) {
      return new AppError('nameTaken', { name: input.name });
    }
    if (values.codeKey && (await repo.findCustomerByCodeKey(s.db, scope.pno, values.codeKey, input.cid))) {
      return new AppError('codeTaken', { code: input.code });
    }
    return null;
  };
  const before = await clash();
  if (before) throw before;
  try {
    if (input.cid) {
      await repo.updateCustomer(s.db, scope.pno, input.cid, values, s.now());
      return input.cid;
    }
    const cid = newId();
    await repo.insertCustomer(s.db, scope.pno, cid, values, scope.uid, s.now());
    return cid;
  } catch (error) {
    // Two saves of the same name or code at once: the unique indexes decide.
    if (isUniqueViolation(error)) throw (await clash()) ?? new AppError('nameTaken', { name: input.name });
    throw error;
  }
}

/** Deletes a customer; one with users is refused unless `force`, which removes them in the same transaction. */
export async function deleteCustomer(s: Services, scope: Scope, cid: string, force: boolean): Promise<number> {
  return s.db.transaction().execute(async (trx) => {
    if (!(await repo.findCustomer(trx, scope.pno, cid))) throw notFound('cid');
    const assigned = await repo.countCustomerUsers(trx, scope.pno, cid);
    if (assigned > 0 && !force) throw new AppError('stillHasUsers', { count: assigned });
    await repo.deleteCustomer(trx, scope.pno, cid);
    return assigned;
  });
}

/** Assigns members of the property to the customer; all or nothing. */
export async function addCustomerUsers(s: Services, scope: Scope, cid: string, uids: readonly string[]) {
  try {
    return await s.db.transaction().execute(async (trx) => {
      if (!(await repo.findCustomer(trx, scope.pno, cid))) throw notFound('cid');
      const members = await repo.propertyMemberUids(trx, scope.pno, uids);
      const stranger = uids.find((uid) => !members.has(uid));
      if (stranger) throw notFound(`uid ${stranger}`);
      return repo.addCustomerUsers(trx, scope.pno, cid, uids, scope.uid, s.now());
    });
  } catch (error) {
    // The customer was deleted meanwhile.
    if (isForeignKeyViolation(error)) throw notFound('cid');
    throw error;
  }
}

/**
 * Removes users from the customer. A user the property does not know (neither a member nor assigned) is "not found";
 * a member not assigned is skipped.
 */
export async function removeCustomerUsers(s: Services, scope: Scope, cid: string, uids: readonly string[]) {
  return s.db.transaction().execute(async (trx) => {
    if (!(await repo.findCustomer(trx, scope.pno, cid))) throw notFound('cid');
    const members = await repo.propertyMemberUids(trx, scope.pno, uids);
    const assigned = await repo.customerUserUids(trx, scope.pno, cid, uids);
    const stranger = uids.find((uid) => !members.has(uid) && !assigned.has(uid));
    if (stranger) throw notFound(`uid ${stranger}`);
    return repo.removeCustomerUsers(trx, scope.pno, cid, uids);
  });
}

export async function listCustomerUsers(
  s: Services,
  scope: Scope,
  q: { cid: string; str?: string; pageNum: number; pageSize: number },
) {
  if (!(await repo.findCustomer(s.db, scope.pno, q.cid))) throw notFound('cid');
  return repo.listCustomerUsers(s.db, scope.pno, q.cid, q.str || undefined, q.pageNum, q.pageSize);
}
