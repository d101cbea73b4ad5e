import type { SpaceGroupNode } from '@keel/contract/endpoints/space';
import { useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import TreeSelect from 'antd/es/tree-select';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';

interface GroupOption {
  value: string;
  title: string;
  disabled?: boolean;
  children: GroupOption[];
}

/** The tree's nodes as options; the space itself (the root) is not a group and cannot be picked. */
const options = (nodes: readonly SpaceGroupNode[]): GroupOption[] =>
  nodes.map((n) => ({
    value: n.groupId,
    title: n.name,
    ...(n.isRoot === 1 ? { disabled: true } : {}),
    children: options(n.children),
  }));

/**
 * The groups an authorisation names: a device space of the property (`da/getAuthGroupSpaceList`), then groups of its
 * tree (`sg/getGroupTree`), each covering its subgroups. Choosing another space clears the groups. An antd Form
 * control (value = group ids).
 */
export function AuthGroupPicker({ value = [], onChange }: { value?: string[]; onChange?: (ids: string[]) => void }) {
  const { t } = useTranslation();
  const spaces = useQuery(apiQuery('da/getAuthGroupSpaceList', {}));
  const list = spaces.data?.list ?? [];
  const [chosen, setChosen] = useState<string | undefined>();
  const sid = chosen ?? list[0]?.sid;
  const tree = useQuery({ ...apiQuery('sg/getGroupTree', { sid: sid ?? '', includeDeviceNum: 0 }), enabled: !!sid });
  const treeData = useMemo(() => options(tree.data ?? []), [tree.data]);
  if (!spaces.isLoading && !spaces.isError && list.length === 0)
    return (
      <Typography.Text type="secondary" data-testid="sc-da-no-group-space">
        {t('security-chain.deviceAuth.noGroupSpace')}
      </Typography.Text>
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="sc-da-group-picker">
      <Select<string>
        data-testid="sc-da-group-space"
        aria-label={t('security-chain.deviceAuth.groupSpace')}
        style={{ width: '100%' }}
        loading={spaces.isLoading}
        status={spaces.isError ? 'error' : undefined}
        showSearch
        optionFilterProp="label"
        value={sid}
        options={list.map((s) => ({ value: s.sid, label: s.name }))}
        onChange={(v) => {
          setChosen(v);
          onChange?.([]);
        }}
      />
      <TreeSelect<string[]>
        data-testid="sc-da-group-tree"
        aria-label={t('security-chain.deviceAuth.groups')}
        style={{ width: '100%' }}
        multiple
        showSearch
        allowClear
        treeDefaultExpandAll
        treeNodeFilterProp="title"
        maxTagCount="responsive"
        disabled={!sid}
        loading={tree.isLoading && !!sid}
        status={tree.isError ? 'error' : undefined}
        placeholder={t('security-chain.deviceAuth.groupsPlaceholder')}
        notFoundContent={t('security-chain.deviceAuth.noGroups')}
        treeData={treeData}
        value={value}
        onChange={(v: string[] | undefined) => onChange?.(v ?? [])}
      />
    </Space>
  );
}
