import { describe, expect, it } from 'vitest';
import { filterTree } from './tree-filter';

const tree = [
  {
    key: 'a',
    title: 'Head office',
    children: [
      { key: 'a1', title: 'Sales' },
      { key: 'a2', title: 'Research' },
    ],
  },
  { key: 'b', title: 'Branch', children: [{ key: 'b1', title: 'Sales east' }] },
];

describe('tree search', () => {
  it('keeps matches and their ancestors, expanding the ancestors', () => {
    const { nodes, expanded } = filterTree(tree, 'sales');
    expect(nodes.map((n) => n.key)).toEqual(['a', 'b']);
    expect(nodes[0].children?.map((n) => n.key)).toEqual(['a1']);
    expect(expanded.sort()).toEqual(['a', 'b']);
  });
  it('an empty search keeps everything; no match keeps nothing', () => {
    expect(filterTree(tree, '  ').nodes).toHaveLength(2);
    expect(filterTree(tree, 'zzz').nodes).toHaveLength(0);
  });
  it('a matching parent keeps its whole subtree', () => {
    expect(filterTree(tree, 'branch').nodes[0].children?.map((n) => n.key)).toEqual(['b1']);
  });
});
