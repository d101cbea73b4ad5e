import type { DeviceAuthState, DeviceAuthTarget } from '@keel/contract/endpoints/security-device-auth';
import type { ExpressionBuilder, Insertable } from 'kysely';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import type { Database } from '../../platform/db/schema';
import { containsCi } from '../../platform/db/sql-helpers';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import { deviceNameMatches } from '../device/reads';
import type { SecurityDeviceAuthsTable } from './tables';

/** The device authorisations' SQL (`security_device_auths`), per tenant. No rules here. */

export type DeviceAuthRow = Awaited<ReturnType<typeof findDeviceAuth>> & object;

export const findDeviceAuth = (db: Db, t: Tenant, authId: string) =>
  tenantDb(db, t).selectFrom('security_device_auths').selectAll().where('auth_id', '=', authId).executeTakeFirst();

/** The authorisations of one function naming some targets of a type. */
export const authsOfTargets = (
  db: Db,
  t: Tenant,
  funcId: string,
  targetType: DeviceAuthTarget,
  targetIds: readonly string[],
) =>
  targetIds.length === 0
    ? Promise.resolve([])
    : tenantDb(db, t)
        .selectFrom('security_device_auths')
        .selectAll()
        .where('func_id', '=', funcId)
        .where('target_type', '=', targetType)
        .where('target_id', 'in', [...targetIds])
        .execute();

/** Every authorisation naming a device or one of some groups (`security_device_auths_of_target`). */
export const authsNaming = (db: Db, t: Tenant, deviceId: string, groupIds: readonly string[]) =>
  tenantDb(db, t)
    .selectFrom('security_device_auths')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('target_type', '=', 'device'), eb('target_id', '=', deviceId)]),
        ...(groupIds.length > 0
          ? [eb.and([eb('target_type', '=', 'group'), eb('target_id', 'in', [...groupIds])])]
          : []),
      ]),
    )
    .execute();

export const insertDeviceAuths = (db: Db, t: Tenant, rows: Omit<Insertable<SecurityDeviceAuthsTable>, 'pno'>[]) =>
  tenantDb(db, t).insertInto('security_device_auths').values(rows).execute();

export const updateDeviceAuth = (
  db: Db,
  t: Tenant,
  authId: string,
  set: { start_time: number | null; end_time: number | null; remark: string; updated_at: number },
) => tenantDb(db, t).updateTable('security_device_auths').set(set).where('auth_id', '=', authId).execute();

export const setDisabled = (db: Db, t: Tenant, authId: string, disabled: 0 | 1, now: number) =>
  tenantDb(db, t)
    .updateTable('security_device_auths')
    .set({ disabled, updated_at: now })
    .where('auth_id', '=', authId)
    .execute();

/** Deletes an authorisation (in the caller's transaction, beside its function's count); answers the rows deleted. */
export async function deleteDeviceAuth(db: Db, t: Tenant, authId: string): Promise<number> {
  const result = await tenantDb(db, t)
    .deleteFrom('security_device_auths')
    .where('auth_id', '=', authId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface DeviceAuthFilter {
  sid: string;
  str?: string;
  funcId?: string;
  authId?: string;
  targetType?: DeviceAuthTarget;
  /** Where the authorisations stand at `now`. */
  state?: { state: DeviceAuthState; now: number };
}

type AuthsEb = ExpressionBuilder<Database & { a: SecurityDeviceAuthsTable }, 'a'>;

/** The condition "stands in `state` at `now`" (window-state.ts `stateOf`, in SQL). */
function inState(eb: AuthsEb, state: DeviceAuthState, now: number) {
  if (state === 'disabled') return eb('a.disabled', '=', 1);
  const started = eb.or([eb('a.start_time', 'is', null), eb('a.start_time', '<=', now)]);
  const ended = eb.and([eb('a.end_time', 'is not', null), eb('a.end_time', '<=', now)]);
  const enabled = eb('a.disabled', '=', 0);
  if (state === 'pending') return eb.and([enabled, eb('a.start_time', '>', now)]);
  if (state === 'expired') return eb.and([enabled, started, ended]);
  return eb.and([enabled, started, eb.not(ended)]);
}

const base = (db: Db, t: Tenant, f: DeviceAuthFilter) => {
  let q = tenantDb(db, t)
    .selectFrom('security_device_auths as a')
    .innerJoin('security_funcs as f', 'f.func_id', 'a.func_id')
    .where('a.sid', '=', f.sid);
  if (f.funcId) q = q.where('a.func_id', '=', f.funcId);
  if (f.authId) q = q.where('a.auth_id', '=', f.authId);
  if (f.targetType) q = q.where('a.target_type', '=', f.targetType);
  if (f.state) {
    const { state, now } = f.state;
    q = q.where((eb) => inState(eb as unknown as AuthsEb, state, now));
  }
  if (f.str) {
    const str = f.str;
    q = q.where((eb) =>
      eb.or([
        containsCi('f.search_text', str),
        containsCi('a.target_id', str),
        eb.and([eb('a.target_type', '=', 'device'), deviceNameMatches(eb.ref('a.target_id'), str)]),
      ]),
    );
  }
  return q;
};

/** A page of a space's device authorisations, newest first (the index `security_device_auths_created`). */
export const pageDeviceAuths = (db: Db, t: Tenant, f: DeviceAuthFilter, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(base(db, t, f)),
    (w) =>
      base(db, t, f)
        .selectAll('a')
        .orderBy('a.created_at', w.dir)
        .orderBy('a.auth_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );
