import type { OrgNode } from '@keel/contract/endpoints/org';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Tag from 'antd/es/tag';
import Tree from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterTree, type TreeItem } from '../../shared/admin-kit/tree-filter';

const toItems = (nodes: readonly OrgNode[]): TreeItem[] =>
  nodes.map((n) => ({ key: n.oid, title: n.name, children: toItems(n.children ?? []) }));

/** Large trees render virtually in a fixed height. */
const VIRTUAL_FROM = 200;

/**
 * The organisation tree, searchable (matches and their ancestors stay, expanded), each node with its member
 * count (everything below included). The first level is open; deeper levels open on demand.
 */
export function OrgTreePanel({
  tree,
  byId,
  selected,
  onSelect,
}: {
  tree: readonly OrgNode[];
  byId: Map<string, OrgNode>;
  selected?: string;
  onSelect: (oid: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const items = useMemo(() => toItems(tree), [tree]);
  const filtered = useMemo(() => filterTree(items, text), [items, text]);
  const defaultExpanded = useMemo(() => tree.map((n) => n.oid), [tree]);
  // The selected node and its ancestors stay open, so a child just added under it shows.
  useEffect(() => {
    if (!selected) return;
    const open: string[] = [];
    for (let oid: string | null | undefined = selected; oid; oid = byId.get(oid)?.pid) open.push(oid);
    setExpanded((prev) => {
      const base = prev ?? defaultExpanded;
      const missing = open.filter((k) => !base.includes(k));
      return missing.length ? [...base, ...missing] : prev;
    });
  }, [selected, byId, defaultExpanded]);
  return (
    <div data-testid="org-tree">
      <Input.Search
        allowClear
        placeholder={t('org.tree.search')}
        aria-label={t('org.tree.search')}
        data-testid="org-tree-search"
        onChange={(e) => {
          setText(e.target.value);
          setExpanded(null);
        }}
        style={{ marginBottom: 8 }}
      />
      {filtered.nodes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('org.tree.noMatch')} />
      ) : (
        <Tree<TreeItem>
          blockNode
          showLine
          treeData={filtered.nodes}
          virtual={byId.size >= VIRTUAL_FROM}
          height={byId.size >= VIRTUAL_FROM ? 560 : undefined}
          expandedKeys={expanded ?? (text ? filtered.expanded : defaultExpanded)}
          onExpand={(keys) => setExpanded(keys.map(String))}
          selectedKeys={selected ? [selected] : []}
          onSelect={(keys) => keys[0] !== undefined && onSelect(String(keys[0]))}
          titleRender={(item) => {
            const node = byId.get(item.key);
            return (
              <span
                data-testid={`org-node-${item.title}`}
                style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}
              >
                <span>{item.title}</span>
                {node && node.totalUserNum > 0 && (
                  <Tag
                    variant="filled"
                    style={{ marginInlineEnd: 0 }}
                    title={t('org.tree.count', { count: node.totalUserNum })}
                  >
                    {node.totalUserNum}
                  </Tag>
                )}
              </span>
            );
          }}
        />
      )}
    </div>
  );
}
