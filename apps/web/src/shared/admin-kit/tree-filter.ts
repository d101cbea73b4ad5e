export interface TreeItem {
  key: string;
  title: string;
  children?: TreeItem[];
}

/** Keeps nodes whose title contains the text (case-insensitive) and their ancestors; returns the kept keys to expand. */
export function filterTree(nodes: readonly TreeItem[], text: string): { nodes: TreeItem[]; expanded: string[] } {
  const needle = text.trim().toLowerCase();
  if (!needle) return { nodes: [...nodes], expanded: [] };
  const expanded: string[] = [];
  const walk = (list: readonly TreeItem[]): TreeItem[] =>
    list.flatMap((node) => {
      const children = walk(node.children ?? []);
      const hit = node.title.toLowerCase().includes(needle);
      if (!hit && children.length === 0) return [];
      if (children.length) expanded.push(node.key);
      return [{ ...node, children: hit && children.length === 0 ? node.children : children }];
    });
  return { nodes: walk(nodes), expanded };
}

/** Keys of every node that has children (a fully expanded tree). */
export function parentKeys(nodes: readonly TreeItem[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.key, ...parentKeys(n.children)] : []));
}
