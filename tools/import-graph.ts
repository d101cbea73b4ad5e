import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';

/** One import of a source file, resolved to a repository file where it names one. */
export interface ImportEdge {
  /** Importing file, relative to the repository root (`/`-separated). */
  from: string;
  /** The specifier as written. */
  specifier: string;
  /** The repository file it names (relative to the root), or null for packages and unresolved specifiers. */
  to: string | null;
  /** `import type` / `export type` (or only type specifiers): nothing at run time, so no cycle. */
  typeOnly: boolean;
  /** `import()`: loaded later, so no cycle at module evaluation. */
  dynamic: boolean;
  /** Names imported (`default` for a default import, `*` for a namespace); empty for re-exports and `import()`. */
  names: string[];
  line: number;
}

/** A workspace package whose `exports` map `./*` to a folder pattern, e.g. `@keel/contract` → `packages/contract/src/*.ts`. */
export interface WorkspaceExport {
  name: string;
  /** Target pattern relative to the root, with one `*`. */
  pattern: string;
}

const SUFFIXES = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

/** Resolves a specifier from `from` to a repository file, given the set of repository files. */
export function resolveSpecifier(
  from: string,
  specifier: string,
  files: ReadonlySet<string>,
  workspaces: readonly WorkspaceExport[],
): string | null {
  let base: string | null = null;
  if (specifier.startsWith('./') || specifier.startsWith('../')) {
    base = posix.normalize(posix.join(posix.dirname(from), specifier));
  } else {
    for (const w of workspaces) {
      if (specifier.startsWith(`${w.name}/`)) {
        base = w.pattern.replace('*', specifier.slice(w.name.length + 1));
        break;
      }
    }
  }
  if (base === null) return null;
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx')];
  for (const c of candidates) for (const s of SUFFIXES) if (files.has(c + s)) return c + s;
  return null;
}

/** The imports, re-exports and `import()` calls of one file (type-only ones marked). */
export function importsOf(rel: string, text: string): Omit<ImportEdge, 'to'>[] {
  const kind = rel.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true, kind);
  const out: Omit<ImportEdge, 'to'>[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            named !== undefined &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((e) => e.isTypeOnly)));
      const names = [
        ...(clause?.name ? ['default'] : []),
        ...(named && ts.isNamespaceImport(named) ? ['*'] : []),
        ...(named && ts.isNamedImports(named) ? named.elements.map((e) => (e.propertyName ?? e.name).text) : []),
      ];
      out.push({
        from: rel,
        specifier: node.moduleSpecifier.text,
        typeOnly,
        dynamic: false,
        names,
        line: lineOf(node),
      });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const typeOnly =
        node.isTypeOnly ||
        (clause !== undefined &&
          ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((e) => e.isTypeOnly));
      out.push({
        from: rel,
        specifier: node.moduleSpecifier.text,
        typeOnly,
        dynamic: false,
        names: [],
        line: lineOf(node),
      });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length > 0 &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      out.push({
        from: rel,
        specifier: node.arguments[0].text,
        typeOnly: false,
        dynamic: true,
        names: [],
        line: lineOf(node),
      });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      out.push({
        from: rel,
        specifier: node.argument.literal.text,
        typeOnly: true,
        dynamic: false,
        names: [],
        line: lineOf(node),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The import edges of `files` (relative to `root`), resolved among them. */
export function buildImportGraph(
  root: string,
  files: readonly string[],
  workspaces: readonly WorkspaceExport[],
  read: (rel: string) => string = (rel) => readFileSync(posix.join(root, rel), 'utf8'),
): ImportEdge[] {
  const set = new Set(files);
  return files.flatMap((rel) =>
    importsOf(rel, read(rel)).map((e) => ({ ...e, to: resolveSpecifier(rel, e.specifier, set, workspaces) })),
  );
}

/** The workspace packages of the repository at `root` whose `exports` map `./*` (from the root package.json). */
export function readWorkspaces(root: string): WorkspaceExport[] {
  const out: WorkspaceExport[] = [];
  const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
  for (const dir of rootPackage.workspaces) {
    const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as {
      name: string;
      exports?: Record<string, string>;
    };
    const target = pkg.exports?.['./*'];
    if (target) out.push({ name: pkg.name, pattern: posix.join(dir, target) });
  }
  return out;
}
