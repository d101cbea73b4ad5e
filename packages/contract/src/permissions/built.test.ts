import { describe, expect, it } from 'vitest';
import { isConsoleRoute } from '../routes/console-routes';
import { builtCatalogue, builtNodes } from './built';
import { permissionCatalogue } from './catalogue';
import type { PermissionNode } from './types';

const name = { 'zh-cn': 'x', en: 'x' };
const node = (id: string, parent: string | null, kind: PermissionNode['kind'], route?: string): PermissionNode => ({
  id,
  parent,
  kind,
  scope: 'property',
  name,
  ...(route ? { route } : {}),
});

describe('builtNodes', () => {
  it('keeps routed pages, their functions and the menus above them; drops the rest', () => {
    const nodes = [
      node('a', null, 'menu'),
      node('a.home', 'a', 'page', '/home'),
      node('a.home.edit', 'a.home', 'function'),
      node('b', null, 'menu'),
      node('b.fota', 'b', 'page', '/NotBuilt/AnyPage'),
      node('b.fota.run', 'b.fota', 'function'),
    ];
    expect(builtNodes(nodes).map((n) => n.id)).toEqual(['a', 'a.home', 'a.home.edit']);
  });
  it('offers no page of the catalogue whose route is not in the route table', () => {
    for (const n of builtCatalogue) if (n.kind === 'page') expect(isConsoleRoute(n.route ?? ''), n.id).toBe(true);
    expect(builtCatalogue.some((n) => n.id === 'account.title')).toBe(true);
    expect(builtCatalogue.some((n) => n.id === 'security.device')).toBe(true);
    // Every page the catalogue names is built once every area is: then nothing is left out.
    const unbuiltPages = permissionCatalogue.filter((n) => n.kind === 'page' && !isConsoleRoute(n.route ?? ''));
    expect(builtCatalogue.length === permissionCatalogue.length).toBe(unbuiltPages.length === 0);
  });
});
