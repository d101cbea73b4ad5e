import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Tree from 'antd/es/tree';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterTree, parentKeys, type TreeItem } from './tree-filter';

/** Large trees render virtually in a fixed height. */
const VIRTUAL_FROM = 200;

export interface TreePanelProps {
  nodes: readonly TreeItem[];
  selectedKey?: string;
  onSelect?: (key: string) => void;
  testId?: string;
  /** The search box's placeholder and name (default: the kit's "Search"). */
  searchLabel?: string;
  searchTestId?: string;
  /** Shown when nothing matches (default: the kit's "No data"). */
  emptyText?: string;
  /** Keys open before the user expands anything (default: every node with children). */
  defaultExpanded?: readonly string[];
  /** The selected node's ancestors (nearest first): kept open, so a node just added under the selection shows. */
  ancestorsOf?: (key: string) => string[];
  /** How many nodes there are: from 200 the tree renders virtually. */
  size?: number;
  titleRender?: (item: TreeItem) => ReactNode;
  /** Guide lines and whole-row nodes (organisation trees). */
  lines?: boolean;
}

/** A searchable tree: typing filters to matching nodes and their ancestors, expanded. */
export function TreePanel({
  nodes,
  selectedKey,
  onSelect,
  testId,
  searchLabel,
  searchTestId,
  emptyText,
  defaultExpanded,
  ancestorsOf,
  size = 0,
  titleRender,
  lines = false,
}: TreePanelProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const filtered = useMemo(() => filterTree(nodes, text), [nodes, text]);
  const initial = useMemo(() => [...(defaultExpanded ?? parentKeys(nodes))], [defaultExpanded, nodes]);
  useEffect(() => {
    if (!selectedKey || !ancestorsOf) return;
    const open = [selectedKey, ...ancestorsOf(selectedKey)];
    setExpanded((prev) => {
      const base = prev ?? initial;
      const missing = open.filter((k) => !base.includes(k));
      return missing.length ? [...base, ...missing] : prev;
    });
  }, [selectedKey, ancestorsOf, initial]);
  const virtual = size >= VIRTUAL_FROM;
  const label = searchLabel ?? t('kit.searchTree');
  return (
    <div data-testid={testId ?? 'tree-panel'}>
      <Input.Search
        allowClear
        placeholder={label}
        aria-label={label}
        data-testid={searchTestId}
        onChange={(e) => {
          setText(e.target.value);
          setExpanded(null);
        }}
        style={{ marginBottom: 8 }}
      />
      {filtered.nodes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('kit.empty')} />
      ) : (
        <Tree<TreeItem>
          blockNode={lines}
          showLine={lines}
          treeData={filtered.nodes}
          virtual={virtual}
          height={virtual ? 560 : undefined}
          expandedKeys={expanded ?? (text ? filtered.expanded : initial)}
          onExpand={(keys) => setExpanded(keys.map(String))}
          selectedKeys={selectedKey ? [selectedKey] : []}
          onSelect={(keys) => keys[0] !== undefined && onSelect?.(String(keys[0]))}
          titleRender={titleRender}
        />
      )}
    </div>
  );
}
