import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../endpoints/index';
import { permissionCatalogue } from './catalogue';
import { functionCatalogue } from './functions';
import { menuCatalogue } from './menus';
import { ancestorsOf } from './tree';

const routesTsv = resolve(dirname(fileURLToPath(import.meta.url)), '../../spec/routes.tsv');
const pageRoutes = readFileSync(routesTsv, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'))
  .map((l) => l.split('\t'))
  .filter(([, kind]) => kind === 'page' || kind === 'back')
  .map(([path]) => path);

describe('permissionCatalogue', () => {
  it('has unique ids and existing parents, no cycles', () => {
    const ids = permissionCatalogue.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const n of permissionCatalogue) {
      if (n.parent !== null) expect(ids).toContain(n.parent);
      const chain = ancestorsOf(permissionCatalogue, n.id);
      expect(chain.some((a) => a.id === n.id)).toBe(false);
      expect(chain.at(-1)?.parent ?? null).toBeNull();
    }
  });
  it('keeps the general nodes', () => {
    expect(permissionCatalogue.find((n) => n.id === 'general')?.kind).toBe('menu');
    expect(permissionCatalogue.find((n) => n.id === 'general.home')?.route).toBe('/home');
  });
  it('has every page and back route of routes.tsv exactly once, and nothing else', () => {
    expect(pageRoutes.length).toBeGreaterThan(60);
    const routes = permissionCatalogue.flatMap((n) => (n.route ? [n.route] : []));
    for (const r of pageRoutes)
      expect(
        routes.filter((x) => x === r),
        r,
      ).toHaveLength(1);
    expect(routes.length).toBe(pageRoutes.length);
  });
  it('names every node in both languages; top menus have icons; pages have routes', () => {
    for (const n of permissionCatalogue) {
      expect(n.name['zh-cn'].trim(), n.id).not.toBe('');
      expect(n.name.en.trim(), n.id).not.toBe('');
      if (n.parent === null) expect(n.icon, n.id).toMatch(/Outlined$/);
      if (n.kind === 'page') expect(n.route, n.id).toMatch(/^\//);
    }
  });
  it('marks back-office pages as platform', () => {
    for (const n of permissionCatalogue) {
      if (n.route?.startsWith('/Backend/') || /\/Back[A-Z]/.test(n.route ?? '')) expect(n.scope, n.id).toBe('platform');
    }
    expect(permissionCatalogue.find((n) => n.route === '/Tis/space/SpaceListPage')?.scope).toBe('platform');
  });
});

describe('endpoint permissions', () => {
  it('name only catalogue ids (one, or a list of which any one suffices)', () => {
    const ids = new Set(permissionCatalogue.map((n) => n.id));
    for (const def of Object.values(endpoints)) {
      const required = 'permission' in def.access ? def.access.permission : undefined;
      for (const id of [required ?? []].flat()) expect(ids.has(id), `${def.path}: ${id}`).toBe(true);
    }
  });
});

describe('catalogue parts', () => {
  it('keeps function nodes out of the menus, each under a page, none lost when joined', () => {
    expect(menuCatalogue.every((n) => n.kind !== 'function')).toBe(true);
    const pages = new Set(menuCatalogue.filter((n) => n.kind === 'page').map((n) => n.id));
    for (const f of functionCatalogue) {
      expect(f.kind).toBe('function');
      expect(pages.has(f.parent ?? ''), f.id).toBe(true);
    }
    expect(permissionCatalogue).toHaveLength(menuCatalogue.length + functionCatalogue.length);
    const at = (id: string) => permissionCatalogue.findIndex((n) => n.id === id);
    expect(at('account.title.edit')).toBe(at('account.title') + 1);
  });
});
