import { type InferResult, type Insertable, type Selectable, type SqlBool, sql } from 'kysely';
import { type Db, precompile } from '../../platform/db/connect';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import type { FuncRow } from './repo';
import type { SecurityFuncRecordsTable, SecurityGrantPoolsTable } from './tables';

/**
 * The decision's SQL (README "The decision"): what holds for a user, a function and a device at a time — the function,
 * privileges, white lists, user and device authorisations, the function's pool, read together — and the pool's draw
 * and the records. Per tenant. No rules here but the window (`start_time <= now < end_time`, a null side open) each
 * grant is read within.
 */

type FactParam = 'pno' | 'funcId' | 'uid' | 'deviceId' | 'now' | `s${number}` | `g${number}`;

/** What the statement has slots for: the subject ids of each type (in `subjects`' order), and the groups. */
interface FactsShape {
  subjects: readonly (readonly [type: number, count: number])[];
  groups: number;
}

/**
 * The handle a precompiled read is built on: scoped to a stand-in property whose pno is the `pno` parameter, so that
 * the scope writes the property's conditions (the function's, the pool's and each subquery's table's) with a
 * parameter for the value and each run binds its tenant's pno. The stand-in is `precompile`'s marker, never an input.
 */
const scopedByParam = (db: Db, param: (name: 'pno') => string) => tenantDb(db, propertyTenant(param('pno')));

/** Made once per database, on first use: the statements of every decision are compiled once (`precompile`). */
function perDb<F>(make: (db: Db) => F): (db: Db) => F {
  const made = new WeakMap<Db, F>();
  return (db) => {
    let f = made.get(db);
    if (!f) {
      f = make(db);
      made.set(db, f);
    }
    return f;
  };
}

/**
 * Everything the decision reads of this module's tables in one statement: the function's row, its pool (left joined)
 * and whether an enabled privilege, a white-list entry of the user or of the device, a user authorisation naming one
 * of the subjects and a device authorisation naming the device or one of its groups hold at `now` (each an EXISTS
 * over its table's unique index, within its window `start_time <= now < end_time`, a null side open).
 */
function factsQuery(db: Db, param: (name: FactParam) => string, shape: FactsShape) {
  const now = param('now');
  const within = (a: string) => {
    const start = sql.ref(`${a}.start_time`);
    const end = sql.ref(`${a}.end_time`);
    return sql<SqlBool>`(${start} is null or ${start} <= ${now}) and (${end} is null or ${end} > ${now})`;
  };
  let slot = 0;
  const subjects = shape.subjects.map(([type, count]) => ({
    type,
    ids: Array.from({ length: count }, () => param(`s${slot++}`)),
  }));
  const groups = Array.from({ length: shape.groups }, (_, i) => param(`g${i}`));
  return scopedByParam(db, param)
    .selectFrom('security_funcs as f')
    .leftJoin('security_grant_pools as gp', 'gp.func_id', 'f.func_id')
    .selectAll('f')
    .select(['gp.pool_id', 'gp.period', 'gp.period_start', 'gp.disabled as pool_disabled'])
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom('security_privileged_users as p')
            .select('p.privilege_id')
            .whereRef('p.sid', '=', 'f.sid')
            .where('p.uid', '=', param('uid'))
            .where('p.disabled', '=', 0)
            .where(within('p')),
        )
        .as('privileged'),
      ...(['user', 'device'] as const).map((type) =>
        eb
          .exists(
            eb
              .selectFrom('security_white_lists as w')
              .select('w.entry_id')
              .whereRef('w.func_id', '=', 'f.func_id')
              .where('w.member_type', '=', type)
              .where('w.member_id', '=', param(type === 'user' ? 'uid' : 'deviceId'))
              .where(within('w')),
          )
          .as(type === 'user' ? 'user_white' : 'device_white'),
      ),
      eb
        .exists(
          eb
            .selectFrom('security_user_auths as ua')
            .select('ua.auth_id')
            .whereRef('ua.func_id', '=', 'f.func_id')
            .where('ua.disabled', '=', 0)
            .where((e) =>
              e.or(subjects.map((k) => e.and([e('ua.subject_type', '=', k.type), e('ua.subject_id', 'in', k.ids)]))),
            )
            .where(within('ua')),
        )
        .as('user_grant'),
      eb
        .exists(
          eb
            .selectFrom('security_device_auths as da')
            .select('da.auth_id')
            .whereRef('da.func_id', '=', 'f.func_id')
            .where('da.disabled', '=', 0)
            .where((e) =>
              e.or([
                e.and([e('da.target_type', '=', 'device'), e('da.target_id', '=', param('deviceId'))]),
                ...(groups.length > 0
                  ? [e.and([e('da.target_type', '=', 'group'), e('da.target_id', 'in', groups)])]
                  : []),
              ]),
            )
            .where(within('da')),
        )
        .as('device_grant'),
    ])
    .where('f.func_id', '=', param('funcId'));
}

type FactsRow = InferResult<ReturnType<typeof factsQuery>>[number];

/** Most statement shapes kept per database (each a number of subject ids per type and of groups); oldest go first. */
const SHAPES_MAX = 256;
const factsQueries = perDb(() => new Map<string, ReturnType<typeof compileFacts>>());
const compileFacts = (db: Db, shape: FactsShape) =>
  precompile(db, (param: (name: FactParam) => string) => factsQuery(db, param, shape));

/** The function, its pool and which grants hold (README "The decision"); undefined when F is none of the property's. */
export interface DecisionFacts {
  func: FuncRow;
  pool: DrawnPool | null;
  privileged: boolean;
  userWhite: boolean;
  deviceWhite: boolean;
  userGrant: boolean;
  deviceGrant: boolean;
}

/** What a draw needs of a pool. */
export type DrawnPool = Pick<Selectable<SecurityGrantPoolsTable>, 'pool_id' | 'period' | 'period_start' | 'disabled'>;

/**
 * The decision's reads of the security chain's tables for user `uid` (counting as `subjects`) and device `deviceId`
 * (in `groups`), function `funcId`, at `now`: one statement, compiled once per database and shape.
 */
export async function decisionFacts(
  db: Db,
  t: Tenant,
  v: {
    funcId: string;
    uid: string;
    deviceId: string;
    subjects: readonly { subjectType: number; subjectId: string }[];
    groups: readonly string[];
    now: number;
  },
): Promise<DecisionFacts | undefined> {
  const byType = new Map<number, Set<string>>();
  for (const k of v.subjects) {
    const ids = byType.get(k.subjectType) ?? new Set<string>();
    ids.add(k.subjectId);
    byType.set(k.subjectType, ids);
  }
  const groups = [...new Set(v.groups)];
  const shape: FactsShape = {
    subjects: [...byType].map(([type, ids]) => [type, ids.size] as const),
    groups: groups.length,
  };
  const key = `${shape.subjects.map(([type, n]) => `${type}x${n}`).join(',')};${shape.groups}`;
  const shapes = factsQueries(db);
  let query = shapes.get(key);
  if (!query) {
    if (shapes.size >= SHAPES_MAX) {
      const oldest = shapes.keys().next();
      if (!oldest.done) shapes.delete(oldest.value);
    }
    query = compileFacts(db, shape);
    shapes.set(key, query);
  }
  const values: Record<string, unknown> = {
    pno: t.pno,
    funcId: v.funcId,
    uid: v.uid,
    deviceId: v.deviceId,
    now: v.now,
  };
  let slot = 0;
  for (const ids of byType.values()) for (const id of ids) values[`s${slot++}`] = id;
  for (const [i, id] of groups.entries()) values[`g${i}`] = id;
  const [row] = await query(values as Record<FactParam, unknown>);
  return row ? factsOf(row) : undefined;
}

/** SQLite answers an EXISTS as 0 or 1, PostgreSQL as a boolean. */
const truth = (v: unknown) => v === true || Number(v) === 1;

function factsOf(row: FactsRow): DecisionFacts {
  const {
    pool_id,
    period,
    period_start,
    pool_disabled,
    privileged,
    user_white,
    device_white,
    user_grant,
    device_grant,
    ...func
  } = row;
  return {
    func,
    pool:
      pool_id === null
        ? null
        : { pool_id, period: period as string, period_start: Number(period_start), disabled: Number(pool_disabled) },
    privileged: truth(privileged),
    userWhite: truth(user_white),
    deviceWhite: truth(device_white),
    userGrant: truth(user_grant),
    deviceGrant: truth(device_grant),
  };
}

/**
 * Starts the pool's current period (`used` 0) if the one it counts in began before `periodStart`: conditional, so
 * that of callers racing only one rolls it.
 */
export const rollPool = (db: Db, t: Tenant, poolId: string, periodStart: number) =>
  tenantDb(db, t)
    .updateTable('security_grant_pools')
    .set({ used: 0, period_start: periodStart })
    .where('pool_id', '=', poolId)
    .where('period_start', '<', periodStart)
    .execute();

// `precompile` runs any statement that answers rows: the draw and the record's insert answer theirs (`returning`).
const poolDraws = perDb((db) =>
  precompile(db, (param: (name: 'pno' | 'poolId' | 'periodStart') => string) =>
    scopedByParam(db, param)
      .updateTable('security_grant_pools')
      .set((eb) => ({ used: eb('used', '+', 1) }))
      .where('pool_id', '=', param('poolId'))
      .where('disabled', '=', 0)
      .where('period_start', '=', param('periodStart') as unknown as number)
      .where((eb) => eb('used', '<', eb.ref('quota')))
      .returning('pool_id'),
  ),
);

/** Draws one grant from an enabled pool in the period that began at `periodStart`: whether one was left. */
export async function drawPool(db: Db, t: Tenant, poolId: string, periodStart: number): Promise<boolean> {
  const drawn = await poolDraws(db)({ pno: t.pno, poolId, periodStart });
  return drawn.length > 0;
}

// ---- records -------------------------------------------------------------------------------------------------

export type FuncRecordRow = NonNullable<Awaited<ReturnType<typeof findRecordByNonce>>>;

const RECORD_COLUMNS = [
  'record_id',
  'sid',
  'func_id',
  'device_id',
  'uid',
  'kind',
  'source',
  'nonce',
  'pool_id',
  'response_code',
  'reason',
  'not_before',
  'expires_at',
  'created_at',
] as const satisfies readonly (keyof SecurityFuncRecordsTable)[];
type RecordColumn = (typeof RECORD_COLUMNS)[number];

const recordInserts = perDb((db) =>
  precompile(db, (param: (name: 'pno' | RecordColumn) => string) =>
    scopedByParam(db, param)
      .insertInto('security_func_records')
      .values(
        Object.fromEntries(RECORD_COLUMNS.map((c) => [c, param(c)])) as unknown as Omit<
          Insertable<SecurityFuncRecordsTable>,
          'pno'
        >,
      )
      .returning('record_id'),
  ),
);

/** Writes a record (every issue, refusal and use: compiled once per database); a column left out is null. */
export async function insertRecord(db: Db, t: Tenant, row: Omit<Insertable<SecurityFuncRecordsTable>, 'pno'>) {
  const values: Record<string, unknown> = { pno: t.pno };
  for (const c of RECORD_COLUMNS) values[c] = row[c] ?? null;
  await recordInserts(db)(values as Record<'pno' | RecordColumn, unknown>);
}

/** The record of a kind (`issue`, `use`) with a token's nonce. */
export const findRecordByNonce = (db: Db, t: Tenant, kind: 'issue' | 'use', nonce: string) =>
  tenantDb(db, t)
    .selectFrom('security_func_records')
    .selectAll()
    .where('kind', '=', kind)
    .where('nonce', '=', nonce)
    .executeTakeFirst();
