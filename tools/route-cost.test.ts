import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dropFileRoutePaths, slimRouteTree } from '../apps/web/vite-plugins/slim-route-table';
import { copyRouteFile, judgeRouteCost, routeIdOf } from './route-cost';

const here = dirname(fileURLToPath(import.meta.url));

describe('copyRouteFile', () => {
  it('gives the copy its own route id and rewrites relative imports one folder deeper', () => {
    const source = [
      "import { createFileRoute } from '@tanstack/react-router';",
      "import { TitlePage } from '../../../features/directory/pages/GroupPages';",
      "import { x } from './sibling';",
      "export const Route = createFileRoute('/_default/Account/TitlePage')({ component: TitlePage });",
    ].join('\n');
    expect(copyRouteFile(source, '/_default/Account/zz-route-cost-3/TitlePageCopy3', 1)).toBe(
      [
        "import { createFileRoute } from '@tanstack/react-router';",
        "import { TitlePage } from '../../../../features/directory/pages/GroupPages';",
        "import { x } from '../sibling';",
        "export const Route = createFileRoute('/_default/Account/zz-route-cost-3/TitlePageCopy3')({ component: TitlePage });",
      ].join('\n'),
    );
    expect(copyRouteFile('export const x = 1;', '/x', 1)).toBeNull();
  });
  it('names route ids as the router plugin does', () => {
    expect(routeIdOf('_default/Account/TitlePage.tsx')).toBe('/_default/Account/TitlePage');
    expect(routeIdOf('_index/zz-route-cost-1/index.tsx')).toBe('/_index/zz-route-cost-1/');
  });
});

describe('judgeRouteCost', () => {
  const views = [{ name: 'shell', gzip: 190_000 }];
  it('passes a small per-route cost whose projection stays in the budget', () => {
    const verdict = judgeRouteCost(
      { entry: 10_000, entryWithExtra: 11_200, extra: 40, routes: 40, futureRoutes: 173 },
      views,
      200 * 1024,
    );
    expect(verdict.perRoute).toBe(30);
    expect(verdict.projectedGrowth).toBe(133 * 30);
    expect(verdict.projectedEntry).toBe(10_000 + 133 * 30);
    expect(verdict.failures).toEqual([]);
  });
  it('fails a route that adds more than the per-route budget, and a view that would outgrow the limit', () => {
    const verdict = judgeRouteCost(
      { entry: 10_000, entryWithExtra: 16_000, extra: 40, routes: 40, futureRoutes: 173 },
      views,
      200 * 1024,
    );
    expect(verdict.perRoute).toBe(150);
    expect(verdict.failures).toEqual([
      'each route adds 150 B gzip to the entry (budget 100 B)',
      'shell at 173 routes: 205.0 KB > 200.0 KB',
    ]);
  });
});

describe('slim route table (vite-plugins/slim-route-table.ts)', () => {
  it('drops the path argument of createFileRoute', () => {
    expect(dropFileRoutePaths("export const Route = createFileRoute('/_default/home')({ component: Home });")).toBe(
      'export const Route = createFileRoute()({ component: Home });',
    );
  });
  it('turns children objects into arrays and drops ids equal to their path', () => {
    const js = [
      'const A = AImport.update({ id: "/Account/A", path: "/Account/A", getParentRoute: () => L });',
      'const L = LImport.update({ id: "/_default", getParentRoute: () => rootRouteImport });',
      'const LChildren = { DefaultAccountARoute: A, B };',
      'const rootRouteChildren = {',
      '  LRoute: LRouteWithChildren,',
      '};',
    ].join('\n');
    expect(slimRouteTree(js)).toBe(
      [
        'const A = AImport.update({ path: "/Account/A", getParentRoute: () => L });',
        'const L = LImport.update({ id: "/_default", getParentRoute: () => rootRouteImport });',
        'const LChildren = [A, B];',
        'const rootRouteChildren = [LRouteWithChildren];',
      ].join('\n'),
    );
  });
  it('leaves no children object and no id equal to its path in the generated tree', () => {
    const tree = slimRouteTree(readFileSync(join(here, '../apps/web/src/routeTree.gen.ts'), 'utf8'));
    expect(tree).not.toMatch(/Children\s*(:\s*\w+\s*)?=\s*\{/);
    expect(tree).not.toMatch(/id:\s*'([^']*)',\s*path:\s*'\1'/);
    expect(tree).toMatch(/rootRouteChildren = \[/);
  });
});
