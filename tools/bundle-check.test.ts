import { describe, expect, it } from 'vitest';
import {
  type BudgetView,
  checkBudget,
  homeRouteKeys,
  isPageModule,
  isPageSource,
  layoutKeys,
  type Manifest,
  staticClosure,
  VIEWS,
} from './bundle-check';

const KB = 1024;
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: [
      'src/routes/_index/index.tsx?tsr-split=component',
      'src/routes/_index/route.tsx?tsr-split=component',
      'src/routes/_default/route.tsx?tsr-split=component',
      'src/features/a/pages/Big.tsx',
    ],
  },
  '_vendor.js': { file: 'assets/vendor.js', imports: [] },
  'src/routes/_index/index.tsx?tsr-split=component': {
    file: 'assets/home.js',
    src: 'src/routes/_index/index.tsx?tsr-split=component',
    isDynamicEntry: true,
    imports: ['_vendor.js', '_form.js'],
  },
  'src/routes/_index/route.tsx?tsr-split=component': {
    file: 'assets/index-layout.js',
    src: 'src/routes/_index/route.tsx?tsr-split=component',
    isDynamicEntry: true,
  },
  'src/routes/_default/route.tsx?tsr-split=component': {
    file: 'assets/shell.js',
    src: 'src/routes/_default/route.tsx?tsr-split=component',
    isDynamicEntry: true,
    imports: ['_menu.js'],
  },
  '_form.js': { file: 'assets/form.js' },
  '_menu.js': { file: 'assets/menu.js' },
  'src/features/a/pages/Big.tsx': { file: 'assets/big.js', src: 'src/features/a/pages/Big.tsx', isDynamicEntry: true },
  'index.css': { file: 'assets/index.css' },
};

const signIn: BudgetView = { name: 'sign-in', routes: homeRouteKeys, enforced: true };
const shell: BudgetView = { name: 'shell', routes: (m) => layoutKeys(m, '_default'), enforced: false };
const sizes: Record<string, number> = {
  'assets/index.js': 50 * KB,
  'assets/vendor.js': 100 * KB,
  'assets/home.js': 15 * KB,
  'assets/index-layout.js': 5 * KB,
  'assets/form.js': 20 * KB,
  'assets/shell.js': 30 * KB,
  'assets/menu.js': 30 * KB,
  'assets/big.js': 10 * KB,
};

describe('bundle budget', () => {
  it('follows static imports only', () => {
    expect([...staticClosure(manifest, ['index.html'])].sort()).toEqual(['_vendor.js', 'index.html']);
  });
  it('recognises page chunks but not __root', () => {
    expect(isPageSource('src/routes/_default/Account/TitlePage.tsx')).toBe(true);
    expect(isPageSource('src/features/account/pages/TitlePage.tsx')).toBe(true);
    expect(isPageSource('src/routes/__root.tsx')).toBe(false);
    expect(isPageSource('src/routes/_default/home.tsx?tsr-split=component')).toBe(true);
    expect(isPageSource('src/shared/ui/Table.tsx')).toBe(false);
  });
  it('recognises page modules but not route definitions', () => {
    expect(isPageModule('src/routes/_default/home.tsx?tsr-split=component')).toBe(true);
    expect(isPageModule('src/features/auth/SignInPage.tsx')).toBe(true);
    expect(isPageModule('src/features/account/pages/Table.tsx')).toBe(true);
    expect(isPageModule('src/routes/_default/home.tsx')).toBe(false);
    expect(isPageModule('src/features/auth/rules.ts')).toBe(false);
    expect(isPageModule('src/shared/layout/ErrorPage.tsx')).toBe(false);
  });
  it('finds the chunks of the "/" route and of a layout', () => {
    expect(homeRouteKeys(manifest).sort()).toEqual([
      'src/routes/_index/index.tsx?tsr-split=component',
      'src/routes/_index/route.tsx?tsr-split=component',
    ]);
    expect(layoutKeys(manifest, '_default')).toEqual(['src/routes/_default/route.tsx?tsr-split=component']);
  });
  it('sums entry, static imports and the routes of each view; enforces only enforced views', () => {
    const r = checkBudget(manifest, (f) => sizes[f], { views: [signIn, shell] });
    expect(r.views).toEqual([
      { name: 'sign-in', gzip: 190 * KB, enforced: true },
      { name: 'shell', gzip: 210 * KB, enforced: false },
    ]);
    expect(r.failures).toEqual([]);
    expect(r.rows.map((x) => x.file)).not.toContain('assets/index.css');
    expect(r.rows.find((x) => x.file === 'assets/vendor.js')?.views).toEqual(['sign-in', 'shell']);
    expect(r.rows.find((x) => x.file === 'assets/big.js')?.views).toEqual([]);
    const over = checkBudget(manifest, (f) => sizes[f] + 5 * KB, { views: [signIn, shell] });
    expect(over.failures).toEqual([expect.stringMatching(/^sign-in: /)]);
    const both = checkBudget(manifest, (f) => sizes[f], { views: [signIn, { ...shell, enforced: true }] });
    expect(both.failures).toEqual([expect.stringMatching(/^shell: /)]);
  });
  it('enforces every first load, the sign-in page plus the console shell included', () => {
    expect(VIEWS.map((v) => [v.name, v.enforced])).toEqual([
      ['sign-in page + app shell', true],
      ['console shell (signed in)', true],
      ['back-office shell (operators)', true],
      ['sign-in page + console shell', true],
    ]);
    const union = VIEWS[3];
    expect(union.routes(manifest).sort()).toEqual(
      [...homeRouteKeys(manifest), ...layoutKeys(manifest, '_default')].sort(),
    );
    // The fixture has no `_back` layout: check the other three. Entry 150 + sign-in 40 + shell 60 KB.
    const views = VIEWS.filter((v) => v.name !== 'back-office shell (operators)');
    const r = checkBudget(manifest, (f) => sizes[f], { views });
    expect(r.views.map((v) => v.gzip)).toEqual([190 * KB, 210 * KB, 250 * KB]);
    expect(r.failures).toEqual([
      'console shell (signed in): 210.0 KB > 200.0 KB',
      'sign-in page + console shell: 250.0 KB > 200.0 KB',
    ]);
    const small = checkBudget(manifest, (f) => (f === 'assets/menu.js' ? 0 : sizes[f]), { views });
    expect(small.failures).toEqual(['sign-in page + console shell: 220.0 KB > 200.0 KB']);
  });
  it('fails a view whose route chunks are missing', () => {
    const r = checkBudget(manifest, () => KB, {
      views: [{ name: 'x', routes: (m) => layoutKeys(m, '_nope'), enforced: true }],
    });
    expect(r.failures).toEqual(['x: no route chunk found in the manifest']);
  });
  it('fails a too-large chunk and a page in the entry', () => {
    const big = checkBudget(manifest, (f) => (f === 'assets/big.js' ? 201 * KB : KB), { views: [signIn] });
    expect(big.failures).toEqual([expect.stringContaining('assets/big.js')]);
    const withPage: Manifest = {
      ...manifest,
      'index.html': { ...manifest['index.html'], imports: ['_vendor.js', 'src/features/a/pages/Big.tsx'] },
    };
    expect(checkBudget(withPage, () => KB, { views: [signIn] }).failures).toEqual([
      expect.stringContaining('page module loads with the entry'),
    ]);
  });
  it('finds a page component bundled inside an entry chunk (bundle stats)', () => {
    const stats = {
      chunks: {
        'assets/index.js': ['src/main.tsx', 'src/routes/_default/home.tsx', 'src/features/auth/SignInPage.tsx'],
        'assets/vendor.js': ['node_modules/react/index.js'],
        'assets/home.js': ['src/routes/_index/index.tsx?tsr-split=component'],
      },
    };
    expect(checkBudget(manifest, () => KB, { stats, views: [signIn] }).failures).toEqual([
      'page module loads with the entry: src/features/auth/SignInPage.tsx (in assets/index.js)',
    ]);
  });
});
