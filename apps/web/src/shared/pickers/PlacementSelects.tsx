import type { SpaceGroupNode } from '@keel/contract/endpoints/space';
import { useQuery } from '@tanstack/react-query';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import TreeSelect from 'antd/es/tree-select';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../api/query';
import { managedSpacesQuery } from './SpaceSelect';

/**
 * Where an object of a space goes (a device, a file): one of the spaces the member manages, then a group of that
 * space's tree. Both are antd Form controls; the group select is empty and disabled until a space is chosen.
 */
export function OneSpaceSelect({
  value,
  onChange,
  id,
  testId = 'one-space-select',
}: {
  value?: string | null;
  onChange?: (sid: string | null) => void;
  id?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const spaces = useQuery(managedSpacesQuery());
  const options = useMemo(() => {
    const list = (spaces.data?.list ?? []).map((s) => ({
      value: s.sid,
      label: `${s.name} · ${t(`common.businesses.${s.business}`)}`,
    }));
    // A space out of the member's reach keeps an option showing its id.
    if (value && !list.some((o) => o.value === value)) list.push({ value, label: value });
    return list;
  }, [spaces.data, value, t]);
  return (
    <Select<string>
      id={id}
      allowClear
      showSearch
      optionFilterProp="label"
      data-testid={testId}
      style={{ width: '100%' }}
      placeholder={t('common.spacePicker.one')}
      loading={spaces.isLoading}
      status={spaces.isError ? 'error' : undefined}
      notFoundContent={spaces.isLoading ? undefined : t('common.spacePicker.empty')}
      options={options}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}

interface GroupOption {
  value: string;
  title: string;
  children: GroupOption[];
}

const groupOptions = (nodes: readonly SpaceGroupNode[]): GroupOption[] =>
  nodes.map((n) => ({ value: n.groupId, title: n.name, children: groupOptions(n.children) }));

type GroupValueProps =
  | { multiple?: false; value?: string | null; onChange?: (groupId: string | null) => void }
  | { multiple: true; value?: string[]; onChange?: (groupIds: string[]) => void };

/**
 * A group of space `sid`'s tree (its root is the space itself); value = groupId. With `multiple`, several groups
 * (value = groupIds; a rule's or selection's groups, their subgroups included by the server).
 */
export function GroupTreeSelect({
  sid,
  id,
  testId = 'group-tree-select',
  ...valueProps
}: {
  sid?: string | null;
  id?: string;
  testId?: string;
} & GroupValueProps) {
  const { t } = useTranslation();
  const tree = useQuery({ ...apiQuery('sg/getGroupTree', { sid: sid ?? '', includeDeviceNum: 0 }), enabled: !!sid });
  const options = useMemo(() => groupOptions(tree.data ?? []), [tree.data]);
  const common = {
    id,
    allowClear: true,
    showSearch: true,
    treeNodeFilterProp: 'title',
    treeDefaultExpandAll: true,
    'data-testid': testId,
    style: { width: '100%' },
    disabled: !sid,
    placeholder: sid ? t('common.spacePicker.group') : t('common.spacePicker.spaceFirst'),
    loading: tree.isLoading && !!sid,
    status: tree.isError ? ('error' as const) : undefined,
    treeData: options,
  };
  if (valueProps.multiple) {
    const { value, onChange } = valueProps;
    return (
      <TreeSelect<string[]>
        {...common}
        multiple
        maxTagCount="responsive"
        value={value ?? []}
        onChange={(v: string[] | undefined) => onChange?.(v ?? [])}
      />
    );
  }
  const { value, onChange } = valueProps;
  return (
    <TreeSelect {...common} value={value ?? undefined} onChange={(v: string | undefined) => onChange?.(v ?? null)} />
  );
}

/**
 * The two form fields of a placement, `sid` and `groupId`, side by side (stacked on a phone), inside an antd Form:
 * choosing another space clears the group, which must be one of the new space's.
 */
export function PlacementFields({
  labels,
  testIds = { sid: 'placement-sid', groupId: 'placement-group' },
}: {
  labels: { sid: string; groupId: string };
  testIds?: { sid: string; groupId: string };
}) {
  const form = Form.useFormInstance();
  const sid = Form.useWatch('sid', form) as string | null | undefined;
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item name="sid" label={labels.sid}>
          <OneSpaceSelect testId={testIds.sid} onChange={() => form.setFieldValue('groupId', null)} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="groupId" label={labels.groupId}>
          <GroupTreeSelect sid={sid} testId={testIds.groupId} />
        </Form.Item>
      </Col>
    </Row>
  );
}
