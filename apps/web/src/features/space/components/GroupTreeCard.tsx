import type { SpaceGroupNode } from '@keel/contract/endpoints/space';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { TreePanel } from '../../../shared/admin-kit/TreePanel';
import type { TreeItem } from '../../../shared/admin-kit/tree-filter';
import { scopedQuery } from '../../../shared/api/query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { GROUP_LISTS, type SpaceMode, scopeOf } from '../api';
import { AddEditGroupTreeDialog } from '../dialogs/AddEditGroupTreeDialog';

const toItems = (nodes: readonly SpaceGroupNode[]): TreeItem[] =>
  nodes.map((n) => ({ key: n.groupId, title: n.name, children: toItems(n.children) }));

/** Every node of the tree by id. */
export function indexGroups(nodes: readonly SpaceGroupNode[], into = new Map<string, SpaceGroupNode>()) {
  for (const n of nodes) {
    into.set(n.groupId, n);
    indexGroups(n.children, into);
  }
  return into;
}

/** A space's group tree query (with device counts). */
export const groupTreeQuery = (sid: string, mode: SpaceMode) =>
  scopedQuery('sg/getGroupTree', { sid, includeDeviceNum: 1 }, scopeOf(mode));

/**
 * A space's group tree (`sg/getGroupTree` with device counts): search, select a group, open its details; with the
 * right, add groups under the selection, rename or move it, delete it when empty.
 */
export function GroupTreeCard({
  sid,
  mode,
  canEdit,
  selected: selectedProp,
  onSelect,
  title,
}: {
  sid: string;
  mode: SpaceMode;
  canEdit: boolean;
  selected?: string;
  onSelect?: (groupId: string) => void;
  title?: string;
}) {
  const { t } = useTranslation();
  const tree = useQuery(groupTreeQuery(sid, mode));
  const [own, setOwn] = useState<string | undefined>(undefined);
  const selected = selectedProp ?? own ?? sid;
  const select = (key: string) => {
    setOwn(key);
    onSelect?.(key);
  };
  const [dialog, setDialog] = useState<'add' | 'edit' | null>(null);
  const nodes = tree.data ?? [];
  const byId = useMemo(() => indexGroups(nodes), [nodes]);
  const items = useMemo(() => toItems(nodes), [nodes]);
  const ancestorsOf = useCallback(
    (key: string) => {
      const out: string[] = [];
      for (let pid = byId.get(key)?.pid; pid; pid = byId.get(pid)?.pid) out.push(pid);
      return out;
    },
    [byId],
  );
  const remove = useApiMutation('sg/delGroup', {
    scope: scopeOf(mode),
    invalidates: GROUP_LISTS,
    success: () => t('space.group.deleted', { name: byId.get(selected)?.name }),
    onSuccess: () => select(byId.get(selected)?.pid ?? sid),
  });
  const node = byId.get(selected);
  const isRoot = node?.isRoot === 1 || selected === sid;

  let body: React.ReactNode;
  if (tree.isLoading) body = <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  else if (tree.isError)
    body = (
      <Result
        status="error"
        title={t('kit.loadFailed')}
        extra={<Button onClick={() => void tree.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  else
    body = (
      <TreePanel
        nodes={items}
        selectedKey={selected}
        onSelect={select}
        testId="space-group-tree"
        searchLabel={t('space.group.search')}
        ancestorsOf={ancestorsOf}
        size={byId.size}
        lines
        titleRender={(item) => {
          const n = byId.get(item.key);
          return (
            <span data-testid={`group-node-${item.title}`} style={{ display: 'inline-flex', gap: 6 }}>
              <span>{item.title}</span>
              {n?.deviceNum !== undefined && n.deviceNum > 0 && (
                <Tag variant="filled" title={t('space.group.devices', { count: n.deviceNum })}>
                  {n.deviceNum}
                </Tag>
              )}
            </span>
          );
        }}
      />
    );

  return (
    <Card
      size="small"
      title={title ?? t('space.group.title')}
      data-testid="space-group-card"
      extra={
        <Space size={4} wrap>
          {!isRoot && (
            <Link to="/Tis/space/SpaceItemDetail" search={{ sid, groupId: selected, mode } as never}>
              <Button size="small" data-testid="group-open">
                {t('space.actions.details')}
              </Button>
            </Link>
          )}
          {canEdit && (
            <Button size="small" type="primary" data-testid="group-add" onClick={() => setDialog('add')}>
              {t('space.group.add')}
            </Button>
          )}
          {canEdit && !isRoot && (
            <Button size="small" data-testid="group-edit" onClick={() => setDialog('edit')}>
              {t('space.group.edit')}
            </Button>
          )}
          {canEdit && !isRoot && (
            <ConfirmAction
              title={t('space.group.deleteConfirm', { name: node?.name ?? '' })}
              onConfirm={() => remove({ sid, groupId: selected })}
              buttonProps={{ size: 'small', 'data-testid': 'group-delete' } as never}
            >
              {t('space.group.delete')}
            </ConfirmAction>
          )}
        </Space>
      }
    >
      {body}
      <AddEditGroupTreeDialog
        open={dialog !== null}
        onClose={() => setDialog(null)}
        sid={sid}
        tree={nodes}
        group={dialog === 'edit' ? node : undefined}
        parent={dialog === 'add' ? selected : undefined}
        scope={scopeOf(mode)}
        onSaved={(groupId) => {
          if (dialog === 'add') select(groupId);
        }}
      />
    </Card>
  );
}
