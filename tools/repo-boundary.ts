import { existsSync } from 'node:fs';
import { posix } from 'node:path';
import ts from 'typescript';

/**
 * "Nothing in the project reads anything outside the repository": a fresh clone, alone, must pass its own tests
 * and checks. Finds, in one source file, the string literals that reach outside the repository root:
 * - an absolute path into a machine's folders (`/work/…`, `/home/…`, `/root/…`, `/Users/…`, `/mnt/…`, `C:\…`);
 * - a relative path (`../…`, alone or as consecutive literal arguments of one call, e.g.
 *   `resolve(here, '..', '..', 'x')`) that, resolved from the file's folder, climbs above the repository root;
 * - a relative path into a `shared` folder that does not exist inside the repository (e.g. `resolve(repo,
 *   '../shared')`, the sibling `shared/` folder a clone does not have).
 */
export interface BoundaryBreach {
  /** File relative to the repository root, `/`-separated. */
  file: string;
  line: number;
  text: string;
  reason: string;
}

const ABSOLUTE_MACHINE_PATH = /^(\/(work|home|root|Users|mnt)\/|[A-Za-z]:\\)/;
const RELATIVE = /^\.\.?(\/|$)/;
const SHARED_SEGMENT = /(^|\/)shared(\/|$)/;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.js', '.mjs', '.json', '/index.ts', '/index.tsx'];

function isLiteral(node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
}

/**
 * Checks one file. `rel` is its path from the repository root (`/`-separated); `exists` says whether a
 * `/`-separated path relative to the root exists (defaults to the file system under `root`).
 */
export function findBoundaryBreaches(
  rel: string,
  text: string,
  exists: (relPath: string) => boolean,
): BoundaryBreach[] {
  const source = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true, scriptKind(rel));
  const dir = posix.dirname(rel);
  const breaches: BoundaryBreach[] = [];
  const seen = new Set<ts.Node>();
  const report = (node: ts.Node, shown: string, reason: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    breaches.push({ file: rel, line, text: shown, reason });
  };

  const checkPath = (node: ts.Node, value: string) => {
    if (ABSOLUTE_MACHINE_PATH.test(value)) {
      report(node, value, 'absolute path outside the repository');
      return;
    }
    if (!RELATIVE.test(value)) return;
    const target = posix.normalize(posix.join(dir, value));
    if (target === '..' || target.startsWith('../')) {
      report(node, value, 'relative path climbs out of the repository root');
      return;
    }
    if (SHARED_SEGMENT.test(value) && value.startsWith('..') && !RESOLVE_SUFFIXES.some((s) => exists(target + s)))
      report(node, value, 'names a `shared` folder that is not inside the repository');
  };

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      // Consecutive literal arguments are joined as path segments: resolve(here, '..', '..', 'shared').
      const args = node.arguments ?? ts.factory.createNodeArray();
      for (let i = 0; i < args.length; i++) {
        const first = args[i];
        if (!isLiteral(first) || !RELATIVE.test(first.text)) continue;
        const parts = [first.text];
        let j = i + 1;
        while (j < args.length && isLiteral(args[j])) {
          parts.push((args[j] as ts.StringLiteral).text);
          j++;
        }
        for (let k = i; k < j; k++) seen.add(args[k]);
        checkPath(first, parts.join('/'));
        i = j - 1;
      }
    }
    if (isLiteral(node) && !seen.has(node)) checkPath(node, node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return breaches;
}

/** Plain-text files (package.json scripts, shell scripts): absolute machine paths and `../shared` paths. */
export function findTextBreaches(rel: string, text: string, exists: (relPath: string) => boolean): BoundaryBreach[] {
  const out: BoundaryBreach[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (/^\s*#/.test(line)) continue;
    const abs = /(^|[\s'"=:(])(\/(work|home|root|Users|mnt)\/[^\s'"]*)/.exec(line);
    if (abs) out.push({ file: rel, line: i + 1, text: abs[2], reason: 'absolute path outside the repository' });
    const up = /(^|[\s'"=:(])((\.\.\/)+shared\b[^\s'"]*)/.exec(line);
    if (up) {
      const target = posix.normalize(posix.join(posix.dirname(rel), up[2]));
      if (target.startsWith('../') || !exists(target))
        out.push({ file: rel, line: i + 1, text: up[2], reason: 'names a `shared` folder outside the repository' });
    }
  }
  return out;
}

function scriptKind(rel: string): ts.ScriptKind {
  if (rel.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (rel.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (/\.(c|m)?js$/.test(rel)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** An `exists` for findBoundaryBreaches that looks under `root`. */
export function existsUnder(root: string): (relPath: string) => boolean {
  return (relPath) => existsSync(posix.join(root.split('\\').join('/'), relPath));
}
