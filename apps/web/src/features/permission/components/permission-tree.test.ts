import type { PermissionNode } from '@keel/contract/permissions/types';
import { describe, expect, it } from 'vitest';
import {
  buildPermTree,
  checkState,
  countGrantable,
  filterPermTree,
  flattenTreeIds,
  idsToSave,
  toggle,
} from './permission-tree';

const n = (id: string, parent: string | null, kind: PermissionNode['kind'], en = id): PermissionNode => ({
  id,
  parent,
  kind,
  scope: 'property',
  name: { 'zh-cn': `中${en}`, en },
});

const catalogue: PermissionNode[] = [
  n('general', null, 'menu'),
  n('general.home', 'general', 'page'),
  n('account', null, 'menu', 'Account'),
  n('account.title', 'account', 'page', 'Titles'),
  n('account.title.edit', 'account.title', 'function', 'Edit titles'),
  n('account.set', 'account', 'page', 'Sets'),
  n('fw', null, 'menu', 'Firmware'),
  n('fw.main', 'fw', 'page', 'Firmware main'),
  { ...n('back', null, 'menu'), scope: 'platform' },
];
const grantable = new Set(['general', 'general.home', 'account', 'account.title', 'account.title.edit', 'account.set']);
const tree = buildPermTree(catalogue, 'en', grantable);

describe('permission tree', () => {
  it('builds the property catalogue, locking what cannot be granted', () => {
    expect(tree.map((t) => t.id)).toEqual(['general', 'account', 'fw']);
    expect(tree[0]?.locked).toBe('everyone');
    expect(tree[0]?.children[0]?.locked).toBe('everyone');
    expect(tree[1]?.locked).toBeNull();
    expect(tree[2]?.locked).toBe('unavailable');
    expect(tree[2]?.children[0]?.locked).toBe('unavailable');
    expect(buildPermTree(catalogue, 'zh-cn', grantable)[1]?.name).toBe('中Account');
  });

  it('flattens a server tree', () => {
    const ids = flattenTreeIds([
      { id: 'a', name: 'A', kind: 'menu', children: [{ id: 'a.b', name: 'B', kind: 'page', children: [] }] },
    ]);
    expect([...ids]).toEqual(['a', 'a.b']);
  });

  it('ticks a menu as all its grantable pages and functions, never the menu id', () => {
    const chosen = toggle(tree, new Set(), 'account', true);
    expect([...chosen].sort()).toEqual(['account.set', 'account.title', 'account.title.edit']);
    expect(checkState(tree, chosen).checked).toContain('account');
    expect(toggle(tree, chosen, 'account', false).size).toBe(0);
  });

  it('ticks a function with its page; unticking the page drops its functions', () => {
    const chosen = toggle(tree, new Set(), 'account.title.edit', true);
    expect([...chosen].sort()).toEqual(['account.title', 'account.title.edit']);
    expect(checkState(tree, chosen).halfChecked).toEqual(['account']);
    const page = toggle(tree, chosen, 'account.title.edit', false);
    expect([...page]).toEqual(['account.title']);
    expect(toggle(tree, chosen, 'account.title', false).size).toBe(0);
  });

  it('never changes locked nodes and keeps dormant ids shown but unsaved', () => {
    expect(toggle(tree, new Set(), 'fw.main', true).size).toBe(0);
    expect(toggle(tree, new Set(), 'general.home', true).size).toBe(0);
    const chosen = new Set(['fw.main', 'account.set']);
    const state = checkState(tree, chosen);
    expect(state.checked).toEqual(expect.arrayContaining(['fw.main', 'account.set', 'general', 'general.home']));
    expect(state.halfChecked).toEqual(expect.arrayContaining(['account', 'fw']));
    expect(idsToSave(tree, chosen)).toEqual(['account.set']);
    expect(countGrantable(tree, chosen)).toEqual({ chosen: 1, of: 3 });
  });

  it('filters by name, keeping ancestors and a hit’s children, and can hide what cannot be granted', () => {
    const hit = filterPermTree(tree, 'titles', false);
    expect(hit.nodes.map((t) => t.id)).toEqual(['account']);
    expect(hit.nodes[0]?.children.map((c) => c.id)).toEqual(['account.title']);
    expect(hit.nodes[0]?.children[0]?.children.map((c) => c.id)).toEqual(['account.title.edit']);
    expect(hit.expanded).toEqual(expect.arrayContaining(['account', 'account.title']));
    expect(filterPermTree(tree, '', true).nodes.map((t) => t.id)).toEqual(['general', 'account']);
  });
});
