import ts from 'typescript';
import type { ImportEdge } from './import-graph';
import { isTest, serverPlace, stronglyConnected } from './layering';

/**
 * Table ownership in the server (architecture §6): every table has one owner, a module folder
 * (`apps/server/src/modules/<m>/`) or a platform area (`apps/server/src/platform/<area>/`), whose `tables.ts`
 * declares it (the keys of its exported `…Tables` interface). Only the owner's files query it; another module
 * reads it through the owner's `reads.ts`, or the platform area's exported functions, and changes it through
 * functions the owner exports. Three rules:
 * - `table-outside-owner`: a file outside the owner names the table in a Kysely call (`selectFrom`, a join,
 *   `insertInto`, `updateTable`, `deleteFrom`, …; `'devices as d'` aliases and arrays included), in raw `sql`
 *   text (after `from`, `join`, `into`, `update`, `table`) or in `sql.table(…)`. Migrations are left out: a
 *   migration spanning owners is the database's history, kept in `platform/db/migrations/`;
 * - `sql-outside-repo`: a module's file that is not a repo (tools/layering.ts `serverPlace`; `reads.ts` counts as
 *   a repo) calls the query builder (`selectFrom`, `insertInto`, … `executeQuery`), uses `sql`, or calls a method
 *   of a `.db` handle other than `transaction` (a service may open a transaction and hand it to repos);
 * - `module-cycle`: module A's files import B's and B's (through any modules) import A's: run-time imports of
 *   non-test files, one breach per module import on such a cycle.
 * Tests (tools/layering.ts `isTest`) are left out.
 */
export type OwnershipRule = 'table-outside-owner' | 'sql-outside-repo' | 'module-cycle';

export interface OwnershipBreach {
  rule: OwnershipRule;
  /** The file (table and SQL rules), or `modules/<a> → modules/<b>` (cycles). */
  where: string;
  /** The table (table rule); empty otherwise. */
  what: string;
  line: number;
  detail: string;
}

const SERVER = 'apps/server/src/';

/** The owner of a server file: `modules/<m>`, `platform/<area>`, or null (app.ts, main.ts, seed/, test/). */
export function ownerOf(file: string): string | null {
  const m = /^apps\/server\/src\/(modules|platform)\/([^/]+)\//.exec(file);
  return m ? `${m[1]}/${m[2]}` : null;
}

/** Whether a file is a table declaration: `<owner>/tables.ts`. */
export const isTablesFile = (file: string) => /^apps\/server\/src\/(modules|platform)\/[^/]+\/tables\.ts$/.test(file);

/** The tables a `tables.ts` declares: the property names of its exported interfaces named `…Tables`. */
export function declaredTables(source: string): string[] {
  const sf = ts.createSourceFile('tables.ts', source, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  for (const node of sf.statements) {
    if (!ts.isInterfaceDeclaration(node) || !node.name.text.endsWith('Tables')) continue;
    if (!node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const member of node.members)
      if (ts.isPropertySignature(member) && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)))
        out.push(member.name.text);
  }
  return out;
}

/** Table → owner, from every owner's `tables.ts`; a table declared twice is an error. */
export function tableOwners(tablesFiles: ReadonlyMap<string, string>): Map<string, string> {
  const owners = new Map<string, string>();
  for (const [file, source] of tablesFiles) {
    const owner = ownerOf(file);
    if (!owner || !isTablesFile(file)) throw new Error(`${file} is not an owner's tables.ts`);
    for (const table of declaredTables(source)) {
      const before = owners.get(table);
      if (before) throw new Error(`table ${table} declared by both ${before} and ${owner}`);
      owners.set(table, owner);
    }
  }
  return owners;
}

/** Kysely calls whose first argument names a table (`'t'`, `'t as a'`, or an array of them). */
const TABLE_CALLS = new Set([
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'using',
]);

/** Query-builder calls that are SQL wherever they are made. */
const BUILDER_CALLS = new Set([
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'executeQuery',
  'with',
  'withRecursive',
]);

/** Words of SQL text a table name follows. */
const SQL_TABLE_AFTER = /\b(?:from|join|into|update|table)\s+"?(\w+)"?/gi;

interface Found {
  line: number;
  text: string;
}

/** Visits every node; `line()` is the line of a node, or of the method's name in a call (`.innerJoin` in a chain). */
function walk(file: string, source: string, visit: (node: ts.Node, line: () => number) => void): void {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const go = (node: ts.Node) => {
    const at =
      ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node;
    visit(node, () => sf.getLineAndCharacterOfPosition(at.getStart(sf)).line + 1);
    ts.forEachChild(node, go);
  };
  go(sf);
}

const calledName = (node: ts.CallExpression): string | null =>
  ts.isPropertyAccessExpression(node.expression) ? node.expression.name.text : null;

/** The string literals naming tables in a Kysely call's first argument (`'a as x'` → `a`). */
function tableArguments(node: ts.CallExpression): string[] {
  const first = node.arguments[0];
  if (!first) return [];
  const literals = ts.isArrayLiteralExpression(first) ? [...first.elements] : [first];
  return literals
    .filter((e): e is ts.StringLiteralLike => ts.isStringLiteralLike(e))
    .map((e) =>
      e.text
        .trim()
        .split(/\s+as\s+/i)[0]
        .trim(),
    );
}

/** The text of a `sql` tagged template (its literal parts joined by a space). */
function templateText(node: ts.TaggedTemplateExpression): string {
  const t = node.template;
  if (ts.isNoSubstitutionTemplateLiteral(t)) return t.text;
  return [t.head.text, ...t.templateSpans.map((s) => s.literal.text)].join(' ');
}

const isSqlTag = (node: ts.TaggedTemplateExpression): boolean => {
  const tag = node.tag;
  const base = ts.isCallExpression(tag) ? tag.expression : tag;
  return ts.isIdentifier(base) && base.text === 'sql';
};

/** Every place a source names one of `tables` in a query: Kysely calls, `sql` text and `sql.table(…)`. */
export function tableUses(
  file: string,
  source: string,
  tables: ReadonlySet<string>,
): { table: string; line: number; text: string }[] {
  const out: { table: string; line: number; text: string }[] = [];
  walk(file, source, (node, line) => {
    if (ts.isCallExpression(node)) {
      const name = calledName(node);
      const isSqlTable =
        name === 'table' &&
        ts.isPropertyAccessExpression(node.expression) &&
        ts.isIdentifier(node.expression.expression) &&
        node.expression.expression.text === 'sql';
      if (name && (TABLE_CALLS.has(name) || isSqlTable))
        for (const table of tableArguments(node))
          if (tables.has(table)) out.push({ table, line: line(), text: `${name}('${table}')` });
    } else if (ts.isTaggedTemplateExpression(node) && isSqlTag(node)) {
      for (const m of templateText(node).matchAll(SQL_TABLE_AFTER))
        if (tables.has(m[1])) out.push({ table: m[1], line: line(), text: `sql\`…${m[0]}…\`` });
    }
  });
  return out.sort((a, b) => a.line - b.line);
}

/** SQL in a file: query-builder calls, `sql` (tag or `sql.x(…)`), and methods called on a `.db` handle. */
export function sqlCalls(file: string, source: string): Found[] {
  const out: Found[] = [];
  walk(file, source, (node, line) => {
    if (ts.isTaggedTemplateExpression(node) && isSqlTag(node)) out.push({ line: line(), text: 'sql`…`' });
    if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return;
    const callee = node.expression;
    const name = callee.name.text;
    const receiver = callee.expression;
    if (BUILDER_CALLS.has(name) && (name !== 'with' || tableArguments(node).length > 0))
      out.push({ line: line(), text: `.${name}(…)` });
    else if (ts.isIdentifier(receiver) && receiver.text === 'sql') out.push({ line: line(), text: `sql.${name}(…)` });
    else if (ts.isPropertyAccessExpression(receiver) && receiver.name.text === 'db' && name !== 'transaction')
      out.push({ line: line(), text: `.db.${name}(…)` });
  });
  return out.sort((a, b) => a.line - b.line);
}

/** Migrations (any `migrations/` folder): the schema's history, which may span owners. */
export const isMigration = (file: string) => /\/migrations\//.test(file);

/** The server files the table rule applies to: non-test TypeScript under apps/server/src, migrations aside. */
export const isCheckedServerFile = (file: string) =>
  file.startsWith(SERVER) && /\.ts$/.test(file) && !file.endsWith('.d.ts') && !isTest(file) && !isMigration(file);

/** `table-outside-owner` breaches of one file. */
export function tableBreaches(file: string, source: string, owners: ReadonlyMap<string, string>): OwnershipBreach[] {
  if (!isCheckedServerFile(file)) return [];
  const mine = ownerOf(file);
  return tableUses(file, source, new Set(owners.keys()))
    .filter((u) => owners.get(u.table) !== mine)
    .map((u) => ({
      rule: 'table-outside-owner' as const,
      where: file,
      what: u.table,
      line: u.line,
      detail: `${u.text}: ${u.table} is ${owners.get(u.table)}'s`,
    }));
}

/** `sql-outside-repo` breach of one module file (one per file, at its first SQL). */
export function sqlBreaches(file: string, source: string): OwnershipBreach[] {
  const place = serverPlace(file);
  if (!place || place.layer === 'repo' || !isCheckedServerFile(file) || /\/(reads|tables)\.ts$/.test(file)) return [];
  const found = sqlCalls(file, source);
  if (found.length === 0) return [];
  const shown = found
    .slice(0, 3)
    .map((f) => `${f.line}: ${f.text}`)
    .join(', ');
  return [
    {
      rule: 'sql-outside-repo',
      where: file,
      what: '',
      line: found[0].line,
      detail: `${found.length} SQL call(s) outside a repo (${shown}${found.length > 3 ? ', …' : ''})`,
    },
  ];
}

/** The module (`modules/<m>`) of a server module file, or null. */
const moduleOf = (file: string): string | null => (serverPlace(file) ? ownerOf(file) : null);

/** `module-cycle` breaches: each module import (A → B) with B reaching A again, over run-time imports of non-tests. */
export function moduleCycleBreaches(edges: readonly ImportEdge[]): OwnershipBreach[] {
  const graph = new Map<string, Map<string, ImportEdge>>();
  for (const e of edges) {
    if (e.typeOnly || e.dynamic || e.to === null || isTest(e.from) || isTest(e.to)) continue;
    const a = moduleOf(e.from);
    const b = moduleOf(e.to);
    if (!a || !b || a === b) continue;
    const next = graph.get(a) ?? new Map<string, ImportEdge>();
    if (!next.has(b)) next.set(b, e);
    graph.set(a, next);
  }
  const componentOf = new Map<string, number>();
  stronglyConnected(graph).forEach((component, i) => {
    for (const m of component) componentOf.set(m, i);
  });
  const out: OwnershipBreach[] = [];
  for (const [a, next] of [...graph].sort(([x], [y]) => x.localeCompare(y)))
    for (const [b, e] of [...next].sort(([x], [y]) => x.localeCompare(y)))
      if (componentOf.get(a) === componentOf.get(b))
        out.push({
          rule: 'module-cycle',
          where: `${a} → ${b}`,
          what: '',
          line: e.line,
          detail: `${e.from} imports ${e.to}, and ${b} leads back to ${a}`,
        });
  return out;
}

/** A known breach allowed for now (tools/ownership-allowlist.ts). */
export interface AllowedOwnershipBreach {
  rule: OwnershipRule;
  where: string;
  /** The table, for `table-outside-owner`. */
  what?: string;
}

const keyOf = (b: { rule: string; where: string; what?: string }) => `${b.rule}\t${b.where}\t${b.what ?? ''}`;

/** Splits breaches into new ones and lists allow-list entries no breach needs any more (or listed twice). */
export function applyOwnershipAllowList(
  breaches: readonly OwnershipBreach[],
  allowed: readonly AllowedOwnershipBreach[],
): { fresh: OwnershipBreach[]; stale: AllowedOwnershipBreach[] } {
  const allowedKeys = new Set(allowed.map(keyOf));
  const usedKeys = new Set(breaches.map(keyOf));
  const seen = new Set<string>();
  const stale = allowed.filter((a) => {
    const k = keyOf(a);
    const twice = seen.has(k);
    seen.add(k);
    return twice || !usedKeys.has(k);
  });
  return { fresh: breaches.filter((b) => !allowedKeys.has(keyOf(b))), stale };
}
