import { describe, expect, it } from 'vitest';
import { groupBy, parseTsv, routeFileToUrl } from './route-paths';

describe('routeFileToUrl', () => {
  it('drops pathless segments and index', () => {
    expect(routeFileToUrl('_default/Account/TitlePage.tsx')).toBe('/Account/TitlePage');
    expect(routeFileToUrl('_index/index.tsx')).toBe('/');
    expect(routeFileToUrl('_back/Backend/BackendHome.tsx')).toBe('/Backend/BackendHome');
    expect(routeFileToUrl('_default/home.tsx')).toBe('/home');
  });
  it('ignores non-route files', () => {
    expect(routeFileToUrl('__root.tsx')).toBeNull();
    expect(routeFileToUrl('routeTree.gen.ts')).toBeNull();
    expect(routeFileToUrl('_default/-components/Table.tsx')).toBeNull();
    expect(routeFileToUrl('_default/Account/-helper.ts')).toBeNull();
    expect(routeFileToUrl('_default/home.test.tsx')).toBeNull();
    expect(routeFileToUrl('_default/route.tsx')).toBeNull();
    expect(routeFileToUrl('_default/readme.md')).toBeNull();
  });
  it('maps a non-layout route.tsx to its folder', () => {
    expect(routeFileToUrl('_default/Account/route.tsx')).toBe('/Account');
  });
});

describe('parseTsv and groupBy', () => {
  it('skips comments and blank lines', () => {
    expect(parseTsv('# head\na\tb\n\nc\td\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
  it('groups in first-seen order', () => {
    const g = groupBy(['ax', 'by', 'az'], (s) => s[0]);
    expect([...g.keys()]).toEqual(['a', 'b']);
    expect(g.get('a')).toEqual(['ax', 'az']);
  });
});
