import type { OrgNode } from '@keel/contract/endpoints/org';
import Tag from 'antd/es/tag';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TreePanel } from '../../shared/admin-kit/TreePanel';
import type { TreeItem } from '../../shared/admin-kit/tree-filter';

const toItems = (nodes: readonly OrgNode[]): TreeItem[] =>
  nodes.map((n) => ({ key: n.oid, title: n.name, children: toItems(n.children ?? []) }));

/**
 * The organisation tree over the kit's TreePanel: searchable, each node with its member count (everything below
 * included). The first level is open; deeper levels open on demand, and the selected node's ancestors stay open.
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
  const items = useMemo(() => toItems(tree), [tree]);
  const firstLevel = useMemo(() => tree.map((n) => n.oid), [tree]);
  const ancestorsOf = useCallback(
    (oid: string) => {
      const out: string[] = [];
      for (let pid = byId.get(oid)?.pid; pid; pid = byId.get(pid)?.pid) out.push(pid);
      return out;
    },
    [byId],
  );
  return (
    <TreePanel
      nodes={items}
      selectedKey={selected}
      onSelect={onSelect}
      testId="org-tree"
      searchLabel={t('org.tree.search')}
      searchTestId="org-tree-search"
      emptyText={t('org.tree.noMatch')}
      defaultExpanded={firstLevel}
      ancestorsOf={ancestorsOf}
      size={byId.size}
      lines
      titleRender={(item) => {
        const node = byId.get(item.key);
        return (
          <span data-testid={`org-node-${item.title}`} style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
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
  );
}
