import { builtCatalogue } from '@keel/contract/permissions/built';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import type { DataNode } from 'antd/es/tree';
import Tree from 'antd/es/tree';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../../../shared/i18n/language';
import { useSession } from '../../../shared/session/session-store';
import { grantableTreeQuery } from '../api';
import {
  buildPermTree,
  checkState,
  countGrantable,
  filterPermTree,
  flattenTreeIds,
  idsToSave,
  type PermNode,
  toggle,
} from './permission-tree';

export interface PerSetTreeProps {
  /** The chosen ids (a form control's value); without it the tree keeps its own (a preview). */
  value?: string[];
  onChange?: (ids: string[]) => void;
  /** Shown but not changeable (a set the caller may not edit). */
  readOnly?: boolean;
  /** Tree height in pixels (it scrolls). */
  height?: number;
}

function menusWithChosen(nodes: readonly PermNode[], chosen: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const walk = (list: readonly PermNode[]): boolean => {
    let any = false;
    for (const n of list) {
      const below = walk(n.children);
      if (below && n.children.length > 0) out.push(n.id);
      if (below || chosen.has(n.id)) any = true;
    }
    return any;
  };
  walk(nodes);
  return out;
}

/**
 * `/Account/PerSetTreeComponent`: the permission catalogue as a searchable, checkable tree in the current
 * language. What the property's businesses or the signed-in administrator's own rights do not allow is shown
 * disabled; the general pages are ticked and locked (every member holds them); menus are half-ticked when some
 * of their pages are chosen. As a form control (`value`/`onChange`) it edits a set's ids.
 */
export function PerSetTreeComponent({ value, onChange, readOnly, height = 420 }: PerSetTreeProps) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'zh-cn';
  const pno = useSession((s) => s.selectedPropertyPno);
  const grantable = useQuery({ ...grantableTreeQuery(), enabled: pno !== null });
  const [own, setOwn] = useState<string[]>([]);
  const ids = value ?? own;
  const chosen = useMemo(() => new Set(ids), [ids]);
  const [text, setText] = useState('');
  const [hideLocked, setHideLocked] = useState(false);
  const [expanded, setExpanded] = useState<string[] | null>(null);

  const tree = useMemo(
    () => (grantable.data ? buildPermTree(builtCatalogue, locale, flattenTreeIds(grantable.data)) : []),
    [grantable.data, locale],
  );
  const filtered = useMemo(() => filterPermTree(tree, text, hideLocked), [tree, text, hideLocked]);
  const state = useMemo(() => checkState(tree, chosen), [tree, chosen]);
  const count = useMemo(() => countGrantable(tree, chosen), [tree, chosen]);
  // Opened at first on the menus holding chosen ids (computed once the tree is there).
  const initialExpanded = useMemo(() => menusWithChosen(tree, chosen), [tree, chosen]);

  const set = (next: Set<string>) => {
    const list = [...next];
    if (value === undefined) setOwn(list);
    onChange?.(list);
  };

  if (pno === null) return <Empty description={t('permission.noProperty')} data-testid="perm-tree-no-property" />;
  if (grantable.isError) {
    return (
      <Result
        status="error"
        title={t('kit.loadFailed')}
        subTitle={grantable.error.message}
        data-testid="perm-tree-error"
        extra={<Button onClick={() => void grantable.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  }
  if (grantable.isLoading) {
    return (
      <div style={{ padding: 32, textAlign: 'center' }} data-testid="perm-tree-loading">
        <Spin />
      </div>
    );
  }

  const title = (n: PermNode) => (
    <span data-testid={`perm-node-${n.id}`}>
      {n.name}
      {n.kind === 'function' && (
        <Tag variant="filled" color="geekblue" style={{ marginLeft: 6 }}>
          {t('permission.tree.function')}
        </Tag>
      )}
      {n.locked === 'everyone' && n.kind === 'menu' && (
        <Tag variant="filled" style={{ marginLeft: 6 }}>
          {t('permission.tree.everyone')}
        </Tag>
      )}
      {n.locked === 'unavailable' && n.kind !== 'function' && (
        <Tooltip title={n.business ? t('permission.tree.businessHelp') : t('permission.tree.unavailableHelp')}>
          <Tag variant="filled" color="default" style={{ marginLeft: 6 }}>
            {n.business
              ? t('permission.tree.needsBusiness', { business: t(`common.businesses.${n.business}`) })
              : t('permission.tree.unavailable')}
          </Tag>
        </Tooltip>
      )}
    </span>
  );
  const toData = (list: readonly PermNode[]): DataNode[] =>
    list.map((n) => ({
      key: n.id,
      title: title(n),
      disabled: n.locked === 'unavailable' || readOnly,
      disableCheckbox: n.locked === 'everyone',
      children: toData(n.children),
    }));

  const chosenTotal = count.chosen;
  return (
    <div data-testid="perm-tree">
      <Space wrap style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
          allowClear
          placeholder={t('permission.tree.search')}
          aria-label={t('permission.tree.search')}
          data-testid="perm-tree-search"
          style={{ width: 240 }}
          onChange={(e) => {
            setText(e.target.value);
            setExpanded(null);
          }}
        />
        <Checkbox
          checked={hideLocked}
          onChange={(e) => setHideLocked(e.target.checked)}
          data-testid="perm-tree-hide-locked"
        >
          {t('permission.tree.hideLocked')}
        </Checkbox>
      </Space>
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary" data-testid="perm-tree-count">
          {t('permission.tree.count', { count: chosenTotal, of: count.of })}
        </Typography.Text>
        {!readOnly && (
          <>
            <Button
              size="small"
              data-testid="perm-tree-all"
              onClick={() => set(tree.reduce((acc, n) => toggle(tree, acc, n.id, true), new Set(chosen)))}
            >
              {t('permission.tree.all')}
            </Button>
            <Button size="small" data-testid="perm-tree-none" onClick={() => set(new Set())}>
              {t('permission.tree.none')}
            </Button>
          </>
        )}
      </Space>
      <div
        style={{
          maxHeight: height,
          overflow: 'auto',
          border: '1px solid var(--ant-color-border-secondary, #f0f0f0)',
          borderRadius: 6,
          padding: 4,
        }}
      >
        {filtered.nodes.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={text ? t('permission.tree.noMatch') : t('permission.tree.empty')}
          />
        ) : (
          <Tree
            checkable
            checkStrictly
            selectable={false}
            virtual={false}
            blockNode
            treeData={toData(filtered.nodes)}
            checkedKeys={state}
            expandedKeys={expanded ?? (text ? filtered.expanded : initialExpanded)}
            onExpand={(keys) => setExpanded(keys.map(String))}
            onCheck={(_, info) => {
              if (readOnly) return;
              set(toggle(tree, chosen, String(info.node.key), info.checked));
            }}
          />
        )}
      </div>
      {value === undefined && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('permission.tree.preview', { count: idsToSave(tree, chosen).length })}
        </Typography.Paragraph>
      )}
    </div>
  );
}

/** The component route: the catalogue as the signed-in administrator may grant it (a preview, nothing saved). */
export function PerSetTreeCard() {
  const { t } = useTranslation();
  return (
    <Card title={t('permission.tree.title')} data-testid="perm-tree-page">
      <PerSetTreeComponent />
    </Card>
  );
}
