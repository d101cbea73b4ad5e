import { describe, expect, it } from 'vitest';
import { findBoundaryBreaches, findTextBreaches } from './repo-boundary';

/** A small repository: the paths that exist in it. */
const tree = new Set([
  'apps/web/src/shared/api/client.ts',
  'apps/web/src/shared/api',
  'apps/web/src/shared',
  'packages/contract/spec/routes.tsv',
  'packages/contract/spec',
]);
const exists = (p: string) => tree.has(p);
/** Expected paths are built from parts, so this file itself names nothing outside the repository. */
const outside = (...parts: string[][]) => parts.flat().join('/');
const up = (n: number) => Array.from({ length: n }, () => '..');
const reasons = (file: string, text: string) => findBoundaryBreaches(file, text, exists).map((b) => b.reason);

describe('findBoundaryBreaches', () => {
  it('passes imports and reads that stay inside the repository', () => {
    const text = [
      "import { api } from '../../shared/api/client';",
      "const spec = resolve(here, '../../spec/routes.tsv');",
      "const root = resolve(here, '..', '..', '..');",
      "const url = new URL('./src', import.meta.url);",
    ].join('\n');
    expect(reasons('apps/web/src/features/a/Page.tsx', text)).toEqual([]);
  });
  it('finds a relative path that climbs above the root, in one literal or in several arguments', () => {
    const one = findBoundaryBreaches(
      'packages/contract/src/permissions/x.test.ts',
      "const f = resolve(here, '../../../../../shared/spec/routes.tsv');",
      exists,
    );
    expect(one).toEqual([
      {
        file: 'packages/contract/src/permissions/x.test.ts',
        line: 1,
        text: outside(up(5), ['shared', 'spec', 'routes.tsv']),
        reason: 'relative path climbs out of the repository root',
      },
    ]);
    expect(reasons('tools/x.ts', "const f = join(here, '..', '..', 'shared', 'DESIGN.md');")).toEqual([
      'relative path climbs out of the repository root',
    ]);
    expect(reasons('tools/x.ts', "import data from '../../outside.json';")).toEqual([
      'relative path climbs out of the repository root',
    ]);
  });
  it('finds the sibling shared folder named from the root', () => {
    expect(reasons('tools/x.ts', "const shared = resolve(repo, '../shared');")).toEqual([
      'names a `shared` folder that is not inside the repository',
    ]);
  });
  it('finds absolute paths into the machine, in any string', () => {
    expect(reasons('e2e/x.ts', 'const f = `/work/shared/spec/SPEC.md`;\nconst g = "/home/me/x";')).toEqual([
      'absolute path outside the repository',
      'absolute path outside the repository',
    ]);
  });
  it('ignores paths in comments and ordinary text', () => {
    const text = "// reads ../shared/spec and /work/shared\nconst label = 'see /work/ for more';";
    expect(reasons('tools/x.ts', text)).toEqual([]);
  });
});

describe('findTextBreaches', () => {
  it('finds ../shared and absolute paths in scripts, not in comments', () => {
    const text = '# a clone with ../shared beside it\ncat ../shared/spec/routes.tsv\nls /work/main';
    expect(findTextBreaches('.ci/run', text, exists).map((b) => [b.line, b.text])).toEqual([
      [2, outside(up(1), ['shared', 'spec', 'routes.tsv'])],
      [3, outside([''], ['work', 'main'])],
    ]);
  });
});
