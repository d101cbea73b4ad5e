import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Tree from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterTree, parentKeys, type TreeItem } from './tree-filter';

/** A searchable tree: typing filters to matching nodes and their ancestors, expanded. */
export function TreePanel({
  nodes,
  selectedKey,
  onSelect,
  testId,
}: {
  nodes: readonly TreeItem[];
  selectedKey?: string;
  onSelect?: (key: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const filtered = useMemo(() => filterTree(nodes, text), [nodes, text]);
  return (
    <div data-testid={testId ?? 'tree-panel'}>
      <Input.Search
        allowClear
        placeholder={t('kit.searchTree')}
        aria-label={t('kit.searchTree')}
        onChange={(e) => {
          setText(e.target.value);
          setExpanded(null);
        }}
        style={{ marginBottom: 8 }}
      />
      {filtered.nodes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('kit.empty')} />
      ) : (
        <Tree
          treeData={filtered.nodes}
          virtual={false}
          expandedKeys={expanded ?? (text ? filtered.expanded : parentKeys(nodes))}
          onExpand={(keys) => setExpanded(keys.map(String))}
          selectedKeys={selectedKey ? [selectedKey] : []}
          onSelect={(keys) => keys[0] !== undefined && onSelect?.(String(keys[0]))}
        />
      )}
    </div>
  );
}
