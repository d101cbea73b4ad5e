import {
  AliasNode,
  BinaryOperationNode,
  ColumnNode,
  type DeleteQueryNode,
  type Generated,
  type InsertQueryNode,
  JoinNode,
  type Kysely,
  type KyselyPlugin,
  type OnConflictNode,
  type OperationNode,
  OperatorNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PrimitiveValueListNode,
  type QueryResult,
  type RawNode,
  ReferenceNode,
  type RootOperationNode,
  type SelectQueryNode,
  sql,
  TableNode,
  type UnknownRow,
  type UpdateQueryNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  WhereNode,
} from 'kysely';
import type { Db } from '../db/connect';
import { type Database, TENANT_TABLES } from '../db/schema';
import type { Tenant, TenantScope } from './tenant';

/**
 * Marks raw SQL that filters by the property itself (`where a.pno = ${tenant.pno}` written out), for the few reads
 * the query builder cannot say: embed it in the template, with why.
 */
export const tenantChecked = (why: string) => sql.raw(`/* ${CHECKED_MARKER}: ${why.replace(/\*\//g, '')} */`);

/**
 * Tenancy applied by the query layer (architecture §5): a repo works on `tenantDb(db, tenant)`, a Kysely handle whose
 * plugin adds the property to every query on a tenant-owned table (`TENANT_TABLES`) instead of each query writing
 * it by hand:
 * - a select, update or delete gets `<table or alias>.pno = <pno>` in its `where` for each such table it reads
 *   from (`from`, an update's target, `using`), and in the `on` of each such table it joins (so that a left join
 *   stays a left join); nested queries, CTEs and subqueries likewise;
 * - an insert gets `pno` set on every row; a row naming another property is refused, as is an insert from a
 *   select that does not name `pno` (its value cannot be checked), and an upsert may update only the property's
 *   row (`on conflict … do update … where <table>.pno = <pno>`);
 * - raw `sql` naming a tenant table is refused unless it says why it is safe (`tenantChecked(why)`): the plugin
 *   does not parse SQL text.
 * Queries across properties (an operator's, a device secret's lookup) run on the plain handle, marked with
 * `acrossProperties(why)` (filters.ts), which the tenant guard (tenant-guard.ts) insists on.
 */

export class TenantScopeError extends Error {}

const TENANT = new Set<string>(TENANT_TABLES);
/** The marker a raw fragment carries when it filters by the property itself (`tenantChecked`). */
export const CHECKED_MARKER = 'keel:tenant-checked';

/** The table a from/join/target names, with the name to qualify its columns by (its alias, else itself). */
function tenantTableOf(node: OperationNode): { table: string; ref: string } | undefined {
  if (AliasNode.is(node)) {
    const inner = tenantTableOf(node.node);
    const alias = (node.alias as { name?: string }).name;
    return inner && alias ? { table: inner.table, ref: alias } : undefined;
  }
  if (TableNode.is(node)) {
    const name = node.table.identifier.name;
    return TENANT.has(name) ? { table: name, ref: name } : undefined;
  }
  return undefined;
}

const pnoIs = (ref: string, pno: string) =>
  BinaryOperationNode.create(
    ReferenceNode.create(ColumnNode.create('pno'), TableNode.create(ref)),
    OperatorNode.create('='),
    ValueNode.create(pno),
  );

const andWhere = (where: WhereNode | undefined, condition: OperationNode) =>
  where ? WhereNode.cloneWithOperation(where, 'And', condition) : WhereNode.create(condition);

/** Raw SQL text that reads or writes a tenant table (what follows from, join, update or into). */
const RAW_TABLE = /\b(?:from|join|update|into)\s+"?([a-z_][a-z0-9_]*)/gi;

/** The text of a raw node and of the raw nodes inside it (`sql` templates nest the ones they embed). */
function rawText(node: RawNode): string {
  const nested = node.parameters.filter((p): p is RawNode => p.kind === 'RawNode').map(rawText);
  return [...node.sqlFragments, ...nested].join(' ');
}

function rawTenantTables(node: RawNode): string[] {
  const text = rawText(node);
  if (text.includes(CHECKED_MARKER)) return [];
  return [...text.matchAll(RAW_TABLE)].map((m) => (m[1] ?? '').toLowerCase()).filter((t) => TENANT.has(t));
}

type AnyNode = OperationNode & Record<string, unknown>;
const isNode = (v: unknown): v is AnyNode =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as { kind?: unknown }).kind === 'string';

/**
 * Scopes a query tree to one property. Decision: a walk of our own instead of Kysely's OperationNodeTransformer,
 * which copies every node of every query (about 25 µs a query here, a tenth of an authenticated call): this one
 * visits every node but copies only the nodes on the way to a change.
 */
function scopeTree<T>(node: T, pno: string): T {
  if (Array.isArray(node)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < node.length; i++) {
      const child = node[i];
      const next = scopeTree(child, pno);
      if (next !== child) {
        out ??= node.slice();
        out[i] = next;
      }
    }
    return (out ? Object.freeze(out) : node) as T;
  }
  if (!isNode(node)) return node;
  if (node.kind === 'RawNode') checkRaw(node as unknown as RawNode);
  let out: AnyNode | undefined;
  for (const key in node) {
    const child = node[key];
    if (typeof child !== 'object' || child === null) continue;
    const next = scopeTree(child, pno);
    if (next !== child) {
      out ??= { ...node };
      out[key] = next;
    }
  }
  const current = (out ?? node) as OperationNode;
  switch (current.kind) {
    case 'SelectQueryNode':
      return scopeSelect(current as SelectQueryNode, pno) as T;
    case 'UpdateQueryNode':
      return scopeUpdate(current as UpdateQueryNode, pno) as T;
    case 'DeleteQueryNode':
      return scopeDelete(current as DeleteQueryNode, pno) as T;
    case 'InsertQueryNode':
      return scopeInsert(current as InsertQueryNode, pno) as T;
    default:
      return current as T;
  }
}

/** Joins that take no `on` (a cross join): their tables are scoped in the query's `where` instead. */
const WITHOUT_ON = new Set(['CrossJoin', 'CrossApply', 'OuterApply']);

function scopeJoins(joins: readonly JoinNode[] | undefined, pno: string) {
  if (!joins) return undefined;
  let changed = false;
  const out = joins.map((join) => {
    const t = tenantTableOf(join.table);
    if (!t || WITHOUT_ON.has(join.joinType)) return join;
    changed = true;
    return JoinNode.cloneWithOn(join, pnoIs(t.ref, pno));
  });
  return changed ? out : joins;
}

/**
 * `where` with `<ref>.pno = <pno>` for each tenant table of `targets` and of the cross joins, and the other joins'
 * `on` likewise.
 */
function scoped<N extends { where?: WhereNode; joins?: readonly JoinNode[] }>(
  query: N,
  targets: readonly (OperationNode | undefined)[],
  pno: string,
): N {
  let where = query.where;
  const crossed = (query.joins ?? []).filter((j) => WITHOUT_ON.has(j.joinType)).map((j) => j.table);
  for (const target of [...targets, ...crossed]) {
    const t = target && tenantTableOf(target);
    if (t) where = andWhere(where, pnoIs(t.ref, pno));
  }
  const joins = scopeJoins(query.joins, pno);
  if (where === query.where && joins === query.joins) return query;
  return Object.freeze({ ...query, ...(where ? { where } : {}), ...(joins ? { joins } : {}) });
}

const scopeSelect = (q: SelectQueryNode, pno: string) => scoped(q, q.from?.froms ?? [], pno);
const scopeUpdate = (q: UpdateQueryNode, pno: string) => scoped(q, [q.table, ...(q.from?.froms ?? [])], pno);
const scopeDelete = (q: DeleteQueryNode, pno: string) => scoped(q, [...q.from.froms, ...(q.using?.tables ?? [])], pno);

function scopeInsert(query: InsertQueryNode, pno: string): InsertQueryNode {
  const t = query.into && tenantTableOf(query.into);
  if (!t) return query;
  const columns = query.columns ?? [];
  const at = columns.findIndex((c) => c.column.name === 'pno');
  const values = query.values;
  if (!values || !ValuesNode.is(values)) {
    // insert … select: the selected rows are scoped, but their pno value must be named to be checked.
    if (at < 0) throw new TenantScopeError(`tenant scope: an insert into ${t.table} from a query must name pno`);
    return scopeConflict(query, t.ref, pno);
  }
  const rows = values.values.map((row) => {
    if (at >= 0) {
      const given = PrimitiveValueListNode.is(row)
        ? row.values[at]
        : ((row.values[at] as { value?: unknown } | undefined)?.value ?? row.values[at]);
      if (given !== pno) throw new TenantScopeError(`tenant scope: an insert into ${t.table} names another property`);
      return row;
    }
    return PrimitiveValueListNode.is(row)
      ? PrimitiveValueListNode.create([...row.values, pno])
      : ValueListNode.create([...row.values, ValueNode.create(pno)]);
  });
  const withPno: InsertQueryNode = Object.freeze({
    ...query,
    columns: at >= 0 ? columns : Object.freeze([...columns, ColumnNode.create('pno')]),
    values: ValuesNode.create(rows),
  });
  return scopeConflict(withPno, t.ref, pno);
}

/** An upsert's update may touch only the property's row (the conflict may be on another property's key). */
function scopeConflict(query: InsertQueryNode, ref: string, pno: string): InsertQueryNode {
  const conflict: OnConflictNode | undefined = query.onConflict;
  if (!conflict?.updates) return query;
  const updateWhere = andWhere(conflict.updateWhere, pnoIs(ref, pno));
  return Object.freeze({ ...query, onConflict: Object.freeze({ ...conflict, updateWhere }) });
}

function checkRaw(node: RawNode): void {
  const tables = rawTenantTables(node);
  if (tables.length > 0) {
    throw new TenantScopeError(
      `tenant scope: raw SQL on ${[...new Set(tables)].join(', ')}; use the query builder, or filter by pno ` +
        'yourself and say so with tenantChecked(why)',
    );
  }
}

export class TenantScopePlugin implements KyselyPlugin {
  constructor(readonly pno: string) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return scopeTree(args.node, this.pno);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

type TenantTable = (typeof TENANT_TABLES)[number];
/** The database as a scoped handle sees it: a tenant table's `pno` is set by the scope, so an insert may leave it out. */
export type TenantDatabase = {
  [K in keyof Database]: K extends TenantTable ? Omit<Database[K], 'pno'> & { pno: Generated<string> } : Database[K];
};
/** A Kysely handle scoped to one property: every query on a tenant table is the property's (see the top). */
export type TenantDb = Kysely<TenantDatabase>;

/** Handles kept per database and property: building one allocates a Kysely and its executor. */
const HANDLES_MAX = 1_000;
const handles = new WeakMap<Db, Map<string, TenantDb>>();

/**
 * The tenant-scoped handle of `db` (the app's database, or a transaction on it) for the tenant. The tenant guard
 * of the plain handle (tenant-guard.ts) does not see these queries: the scope has filtered them already.
 */
export function tenantDb(db: Db, tenant: Tenant): TenantDb {
  if (db.isTransaction) return scopedHandle(db, tenant.pno);
  let byPno = handles.get(db);
  if (!byPno) {
    byPno = new Map();
    handles.set(db, byPno);
  }
  let handle = byPno.get(tenant.pno);
  if (!handle) {
    if (byPno.size >= HANDLES_MAX) {
      const oldest = byPno.keys().next();
      if (!oldest.done) byPno.delete(oldest.value);
    }
    handle = scopedHandle(db, tenant.pno);
    byPno.set(tenant.pno, handle);
  }
  return handle;
}

const unscoped = new WeakMap<Db, TenantDb>();

/**
 * The handle of a repo that reads one property or, for an operator (`AllTenants`, which only `operatorScope` hands
 * out), every property: scoped to the one, unscoped for all.
 */
export function scopedDb(db: Db, scope: TenantScope): TenantDb {
  if (scope.pno !== null) return tenantDb(db, scope);
  let handle = unscoped.get(db);
  if (!handle) {
    handle = db.withoutPlugins() as unknown as TenantDb;
    unscoped.set(db, handle);
  }
  return handle;
}

const scopedHandle = (db: Db, pno: string) =>
  db.withoutPlugins().withPlugin(new TenantScopePlugin(pno)) as unknown as TenantDb;
