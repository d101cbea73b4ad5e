import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildImportGraph, importsOf, resolveSpecifier } from './import-graph';
import { applyAllowList, type LayerBreach, layerBreaches } from './layering';
import { listFiles } from './source-files';

const WORKSPACES = [{ name: '@keel/contract', pattern: 'packages/contract/src/*.ts' }];
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Writes a fixture tree (path → source) into a fresh temp folder and checks it as the CLI does. */
function check(tree: Record<string, string>): LayerBreach[] {
  const root = mkdtempSync(join(tmpdir(), 'keel-layering-'));
  dirs.push(root);
  for (const [file, text] of Object.entries(tree)) {
    mkdirSync(join(root, dirname(file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return layerBreaches(buildImportGraph(root, listFiles(root), WORKSPACES));
}
const rules = (breaches: LayerBreach[]) => breaches.map((b) => `${b.file} ${b.rule}`).sort();

const M = 'apps/server/src/modules';
const W = 'apps/web/src';

describe('server layering', () => {
  it('passes routes → service → repo inside a module, and services of other modules', () => {
    const tree = {
      [`${M}/a/routes.ts`]: "import { list } from './service';\nexport const r = list;",
      [`${M}/a/service.ts`]:
        "import * as repo from './repo';\nimport { other } from '../b/service';\nimport type { Kysely } from 'kysely';\nexport const list = () => [repo, other];",
      [`${M}/a/repo.ts`]:
        "import { sql } from 'kysely';\nimport { pageWindow } from './paging';\nexport const q = [sql, pageWindow];",
      [`${M}/a/paging.ts`]: 'export const pageWindow = 1;',
      [`${M}/a/a.test.ts`]:
        "import * as repo from './repo';\nimport { q } from '../b/repo';\nexport const t = [repo, q];",
      [`${M}/b/service.ts`]: "import * as repo from './repo';\nexport const other = repo;",
      [`${M}/b/repo.ts`]: 'export const q = 1;',
      'apps/server/src/platform/http/mount.ts': "import { z } from '@keel/contract/endpoint';\nexport const m = z;",
      'packages/contract/src/endpoint.ts': 'export const z = 1;',
    };
    expect(check(tree)).toEqual([]);
  });
  it('finds each breach with its file, line and rule', () => {
    const breaches = check({
      [`${M}/a/routes.ts`]:
        "import { x } from './service';\nimport * as repo from './repo';\nexport const r = [x, repo];",
      [`${M}/a/service.ts`]:
        "import { sql } from 'kysely';\nimport { q } from '../b/repo';\nexport const x = [sql, q];",
      [`${M}/a/member-repo.ts`]: "import { r } from './routes';\nexport const y = r;",
      [`${M}/a/repo.ts`]: "import { x } from './service';\nexport const z = x;",
      [`${M}/b/repo.ts`]: 'export const q = 1;',
      'apps/server/src/platform/audit/log.ts': `import { q } from '../../modules/b/repo';\nexport const l = q;`,
    });
    expect(breaches).toContainEqual({
      file: `${M}/a/routes.ts`,
      rule: 'server/routes-import-repo',
      line: 2,
      detail: `imports ${M}/a/repo.ts`,
    });
    expect(rules(breaches)).toEqual(
      [
        `${M}/a/routes.ts server/routes-import-repo`,
        `${M}/a/service.ts server/service-imports-sql`,
        `${M}/a/service.ts server/other-module-repo`,
        `${M}/a/member-repo.ts server/upward-import`,
        `${M}/a/repo.ts server/upward-import`,
        'apps/server/src/platform/audit/log.ts server/platform-imports-module',
      ].sort(),
    );
  });
  it("lets platform/db/schema.ts compose the modules' tables type-only, and nothing else", () => {
    const breaches = check({
      [`${M}/a/tables.ts`]: 'export interface ATables { a: { id: string } }',
      [`${M}/a/reads.ts`]: 'export const r = 1;',
      'apps/server/src/platform/db/schema.ts':
        "import type { ATables } from '../../modules/a/tables';\nexport interface Database extends ATables {}",
      'apps/server/src/platform/db/other.ts':
        "import type { ATables } from '../../modules/a/tables';\nexport type O = ATables;",
      'apps/server/src/platform/db/run.ts': "import { r } from '../../modules/a/reads';\nexport const x = r;",
    });
    expect(rules(breaches)).toEqual([
      'apps/server/src/platform/db/other.ts server/platform-imports-module',
      'apps/server/src/platform/db/run.ts server/platform-imports-module',
    ]);
  });
  it('allows type-only kysely imports in a service, not run-time ones', () => {
    const breaches = check({
      [`${M}/a/service.ts`]:
        "import type { Kysely } from 'kysely';\nimport { type Sql, sql } from '../../platform/db/sql';\nexport type K = Kysely<Sql>;\nexport const s = sql;",
      'apps/server/src/platform/db/sql.ts': 'export type Sql = 1;\nexport const sql = 1;',
    });
    expect(rules(breaches)).toEqual([`${M}/a/service.ts server/service-imports-sql`]);
  });

  it("counts a module's migrations as its SQL, like a repo", () => {
    const breaches = check({
      [`${M}/a/migrations/0011_a.ts`]: "import { sql } from 'kysely';\nexport const up = sql;",
      [`${M}/a/migrations/index.ts`]: "import * as m0011 from './0011_a';\nexport const aMigrations = { m0011 };",
      [`${M}/a/upgrade.ts`]: "import { sql } from 'kysely';\nexport const up = sql;",
    });
    expect(rules(breaches)).toEqual([`${M}/a/upgrade.ts server/service-imports-sql`]);
  });
});

describe('web layering', () => {
  it('passes routes → features → shared', () => {
    const tree = {
      [`${W}/routes/_default/TitlePage.tsx`]:
        "import { TitlePage } from '../../features/directory/TitlePage';\nimport { Dialog } from '../../shared/Dialog';\nexport const R = [TitlePage, Dialog];",
      [`${W}/features/directory/TitlePage.tsx`]:
        "import { Dialog } from '../../shared/Dialog';\nexport const TitlePage = Dialog;",
      [`${W}/shared/Dialog.tsx`]: 'export const Dialog = 1;',
      [`${W}/main.tsx`]: "import { TitlePage } from './features/directory/TitlePage';\nexport const m = TitlePage;",
    };
    expect(check(tree)).toEqual([]);
  });
  it('finds a feature importing another feature or a route, and shared importing a feature', () => {
    const breaches = check({
      [`${W}/features/a/Page.tsx`]:
        "import { B } from '../b/B';\nimport { Route } from '../../routes/x';\nexport const A = [B, Route];",
      [`${W}/features/b/B.tsx`]: 'export const B = 1;',
      [`${W}/routes/x.tsx`]: 'export const Route = 1;',
      [`${W}/shared/kit.tsx`]:
        "import { B } from '../features/b/B';\nimport { router } from '../router';\nexport const k = [B, router];",
      [`${W}/router.ts`]: 'export const router = 1;',
    });
    expect(rules(breaches)).toEqual([
      `${W}/features/a/Page.tsx web/feature-imports-other-feature`,
      `${W}/features/a/Page.tsx web/feature-imports-routes`,
      `${W}/shared/kit.tsx web/shared-imports-feature`,
      `${W}/shared/kit.tsx web/shared-imports-feature`,
    ]);
  });
});

describe('cycles', () => {
  it('finds a cycle through relative and workspace imports, naming it from each file', () => {
    const breaches = check({
      [`${W}/shared/api/client.ts`]:
        "import { useSession } from '../session/session-store';\nexport const api = useSession;",
      [`${W}/shared/session/session-store.ts`]:
        "import { ids } from '@keel/contract/ids';\nexport const useSession = ids;",
      'packages/contract/src/ids.ts': `import { api } from '../../../${W}/shared/api/client';\nexport const ids = api;`,
    });
    expect(breaches.map((b) => [b.file, b.detail])).toEqual([
      [
        `${W}/shared/api/client.ts`,
        `${W}/shared/api/client.ts → ${W}/shared/session/session-store.ts → packages/contract/src/ids.ts → ${W}/shared/api/client.ts`,
      ],
      [
        `${W}/shared/session/session-store.ts`,
        `${W}/shared/session/session-store.ts → packages/contract/src/ids.ts → ${W}/shared/api/client.ts → ${W}/shared/session/session-store.ts`,
      ],
      [
        'packages/contract/src/ids.ts',
        `packages/contract/src/ids.ts → ${W}/shared/api/client.ts → ${W}/shared/session/session-store.ts → packages/contract/src/ids.ts`,
      ],
    ]);
  });
  it('leaves out type-only imports and import() calls', () => {
    const breaches = check({
      [`${W}/shared/a.ts`]: "import type { B } from './b';\nexport type A = B;\nexport const a = 1;",
      [`${W}/shared/b.ts`]: "import { a } from './a';\nexport type B = 1;\nexport const b = a;",
      [`${W}/shared/c.ts`]: "import { d } from './d';\nexport const c = d;",
      [`${W}/shared/d.ts`]: "export const d = () => import('./c');",
      [`${W}/shared/e.ts`]: "import { type F } from './f';\nexport type E = F;\nexport const e = 1;",
      [`${W}/shared/f.ts`]: "export { e } from './e';\nexport type F = 1;",
    });
    expect(breaches).toEqual([]);
  });
});

describe('import parsing and resolution', () => {
  it('reads imports, re-exports, import() and import types', () => {
    const text = [
      "import a, { b as c, type D } from './x';",
      "import * as ns from 'kysely';",
      "export { e } from './y';",
      "export type { F } from './z';",
      "const lazy = () => import('./w');",
      "type T = import('./v').T;",
    ].join('\n');
    expect(importsOf('f.ts', text).map((e) => [e.specifier, e.typeOnly, e.dynamic, e.names.join(',')])).toEqual([
      ['./x', false, false, 'default,b,D'],
      ['kysely', false, false, '*'],
      ['./y', false, false, ''],
      ['./z', true, false, ''],
      ['./w', false, true, ''],
      ['./v', true, false, ''],
    ]);
  });
  it('resolves extensions, index files and workspace exports', () => {
    const files = new Set(['a/b.tsx', 'a/c/index.ts', 'packages/contract/src/endpoints/index.ts', 'a/d.ts']);
    expect(resolveSpecifier('a/x.ts', './b', files, WORKSPACES)).toBe('a/b.tsx');
    expect(resolveSpecifier('a/x.ts', './c', files, WORKSPACES)).toBe('a/c/index.ts');
    expect(resolveSpecifier('a/x.ts', './d.js', files, WORKSPACES)).toBe('a/d.ts');
    expect(resolveSpecifier('a/x.ts', '@keel/contract/endpoints/index', files, WORKSPACES)).toBe(
      'packages/contract/src/endpoints/index.ts',
    );
    expect(resolveSpecifier('a/x.ts', 'react', files, WORKSPACES)).toBeNull();
  });
});

describe('applyAllowList', () => {
  it('lets known breaches pass, reports new ones and entries no longer needed', () => {
    const breach = (file: string): LayerBreach => ({ file, rule: 'no-cycle', line: 1, detail: '' });
    const { fresh, stale } = applyAllowList(
      [breach('a.ts'), breach('b.ts')],
      [
        { file: 'a.ts', rule: 'no-cycle' },
        { file: 'c.ts', rule: 'no-cycle' },
      ],
    );
    expect(fresh.map((b) => b.file)).toEqual(['b.ts']);
    expect(stale).toEqual([{ file: 'c.ts', rule: 'no-cycle' }]);
  });
});
