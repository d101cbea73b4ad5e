import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { TENANT_TABLES } from '../db/schema';
import { ACROSS_MARKER } from './filters';

/**
 * "A query that forgets the property fails" (architecture §6). On the plain handle this Kysely plugin walks every
 * query's operation tree and throws when a select, update or delete reads a tenant-owned table (TENANT_TABLES,
 * platform/db/schema.ts) and its `where` names no `pno` column. Inserts carry their `pno` as a value and are not
 * checked; raw `sql` queries are not parsed. Module code works on the scoped handle (tenant-scope.ts) instead.
 *
 * The only way past it is the condition `acrossProperties(why)` (tenancy/filters.ts), for operator queries across
 * properties (after `operatorScope`) and for queries keyed by a user's own uid ("my properties").
 */
export class TenantGuardError extends Error {}

const TENANT = new Set<string>(TENANT_TABLES);
const QUERY_KINDS = new Set(['SelectQueryNode', 'UpdateQueryNode', 'DeleteQueryNode']);

type AnyNode = OperationNode & Record<string, unknown>;

const isNode = (v: unknown): v is AnyNode =>
  typeof v === 'object' && v !== null && typeof (v as { kind?: unknown }).kind === 'string';

/** The table named by a from/join/update target (a table, or an aliased table); subqueries name none. */
function tableName(n: unknown): string | undefined {
  if (!isNode(n)) return undefined;
  if (n.kind === 'AliasNode') return tableName(n.node);
  if (n.kind === 'TableNode') {
    const id = (n.table as { identifier?: { name?: string } }).identifier;
    return id?.name;
  }
  return undefined;
}

function tablesOf(q: AnyNode): string[] {
  const out: unknown[] = [];
  const from = q.from as { froms?: unknown[] } | undefined;
  if (from?.froms) out.push(...from.froms);
  if (q.kind === 'UpdateQueryNode') out.push(q.table);
  const using = q.using as { tables?: unknown[] } | undefined;
  if (using?.tables) out.push(...using.tables);
  for (const j of (q.joins as Array<{ table: unknown }> | undefined) ?? []) out.push(j.table);
  return out.map(tableName).filter((t): t is string => t !== undefined);
}

/** Whether a `where` subtree names a `pno` column (not counting nested queries, which are checked on their own). */
function mentionsPno(n: unknown): boolean {
  if (Array.isArray(n)) return n.some(mentionsPno);
  if (!isNode(n)) return false;
  if (QUERY_KINDS.has(n.kind)) return false;
  if (n.kind === 'ColumnNode') return (n.column as { name?: string }).name === 'pno';
  if (n.kind === 'RawNode') {
    const fragments = n.sqlFragments as readonly string[];
    if (fragments.some((f) => /\bpno\b/.test(f) || f.includes(ACROSS_MARKER))) return true;
  }
  return Object.values(n).some(mentionsPno);
}

function check(n: unknown): void {
  if (Array.isArray(n)) {
    for (const c of n) check(c);
    return;
  }
  if (!isNode(n)) return;
  if (QUERY_KINDS.has(n.kind)) {
    const owned = tablesOf(n).filter((t) => TENANT.has(t));
    if (owned.length > 0 && !mentionsPno(n.where)) {
      throw new TenantGuardError(
        `tenant guard: a ${n.kind.replace('QueryNode', '').toLowerCase()} on ${owned.join(', ')} has no pno ` +
          'condition; filter by the tenant handle, or where(acrossProperties(…)) for an operator or own-uid query',
      );
    }
  }
  for (const v of Object.values(n)) if (typeof v === 'object' && v !== null) check(v);
}

export class TenantGuardPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node as AnyNode;
    // An insert of values (an audit record, a session) reads nothing: not walked.
    if (node.kind === 'InsertQueryNode' && (node.values as AnyNode | undefined)?.kind === 'ValuesNode')
      return args.node;
    check(node);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * The guard is on everywhere, production included: module code queries a property's tables through the scoped
 * handle (tenant-scope.ts), which the guard does not see, so what it checks is the platform's own queries on the
 * plain handle — most of them precompiled once (checked once) — and the reads across properties.
 */
export const tenantGuardPlugins = (): KyselyPlugin[] => [new TenantGuardPlugin()];
