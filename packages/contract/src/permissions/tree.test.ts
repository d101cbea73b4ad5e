import { describe, expect, it } from 'vitest';
import { permissionCatalogue } from './catalogue';
import { ancestorsOf, buildTree, filterByIds, findByRoute, idsForBusinesses } from './tree';
import type { PermissionNode } from './types';

const nodes: PermissionNode[] = [
  { id: 'a', parent: null, kind: 'menu', scope: 'property', name: { 'zh-cn': '甲', en: 'A' } },
  { id: 'a.p', parent: 'a', kind: 'page', scope: 'property', route: '/a/p', name: { 'zh-cn': '页', en: 'P' } },
  { id: 'a.p.f', parent: 'a.p', kind: 'function', scope: 'property', name: { 'zh-cn': '功', en: 'F' } },
  { id: 'b', parent: null, kind: 'menu', scope: 'property', name: { 'zh-cn': '乙', en: 'B' } },
  {
    id: 'b.q',
    parent: 'b',
    kind: 'page',
    scope: 'property',
    route: '/b/q',
    business: 'ukey',
    name: { 'zh-cn': '页', en: 'Q' },
  },
];

describe('permission tree helpers', () => {
  it('builds the tree', () => {
    const tree = buildTree(nodes);
    expect(tree.map((n) => n.id)).toEqual(['a', 'b']);
    expect(tree[0].children[0].children[0].id).toBe('a.p.f');
    expect(buildTree(permissionCatalogue).every((n) => n.parent === null)).toBe(true);
  });
  it('finds by route and lists ancestors nearest first', () => {
    expect(findByRoute(nodes, '/b/q')?.id).toBe('b.q');
    expect(findByRoute(nodes, '/nope')).toBeUndefined();
    expect(ancestorsOf(nodes, 'a.p.f').map((n) => n.id)).toEqual(['a.p', 'a']);
    expect(ancestorsOf(nodes, 'a')).toEqual([]);
  });
  it('filters by ids keeping ancestors, ignoring unknown ids', () => {
    expect(filterByIds(nodes, ['a.p.f', 'zzz']).map((n) => n.id)).toEqual(['a', 'a.p', 'a.p.f']);
    expect(filterByIds(nodes, [])).toEqual([]);
  });
  it('lists ids for enabled businesses, dropping emptied menus', () => {
    expect(idsForBusinesses(nodes, [])).toEqual(['a', 'a.p', 'a.p.f']);
    expect(idsForBusinesses(nodes, ['ukey'])).toEqual(['a', 'a.p', 'a.p.f', 'b', 'b.q']);
    const none = idsForBusinesses(permissionCatalogue, []);
    expect(none).toContain('general.home');
    expect(none).not.toContain('firmware');
    expect(idsForBusinesses(permissionCatalogue, ['firmware'])).toContain('firmware.task');
  });
});
