import type { OrgNode } from '@keel/contract/endpoints/org';
import { useQuery } from '@tanstack/react-query';
import TreeSelect from 'antd/es/tree-select';
import { useMemo } from 'react';
import { apiQuery } from '../api/query';

export interface OrgTreeOption {
  value: string;
  title: string;
  /** Lower-case name, matched by the search box. */
  search: string;
  children: OrgTreeOption[];
}

/** The org tree as TreeSelect options (the root's title is the property's name). */
export function orgTreeOptions(nodes: readonly OrgNode[]): OrgTreeOption[] {
  return nodes.map((node) => ({
    value: node.oid,
    title: node.name,
    search: node.name.toLowerCase(),
    children: orgTreeOptions(node.children ?? []),
  }));
}

interface BaseProps {
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  /** Nodes given by the caller (e.g. a back-office tree); by default the selected property's `o/getMyOrgTreeList`. */
  tree?: readonly OrgNode[];
  testId?: string;
  style?: React.CSSProperties;
  /** Given by an antd Form.Item, so that its label names the input. */
  id?: string;
  'aria-label'?: string;
}

export interface SingleOrgTreeSelectProps extends BaseProps {
  multiple?: false;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
}

export interface MultipleOrgTreeSelectProps extends BaseProps {
  multiple: true;
  value?: string[];
  onChange?: (value: string[]) => void;
}

export type OrgTreeSelectProps = SingleOrgTreeSelectProps | MultipleOrgTreeSelectProps;

/**
 * A searchable tree select over the selected property's organisation tree (`o/getMyOrgTreeList`);
 * value = org id (`oid`), or ids with `multiple`. Usable as an antd Form item control.
 */
export function OrgTreeSelect(props: OrgTreeSelectProps) {
  const { placeholder, disabled, allowClear = true, tree, testId = 'org-tree-select', style } = props;
  const query = useQuery({ ...apiQuery('o/getMyOrgTreeList', {}), enabled: tree === undefined });
  const nodes = tree ?? query.data;
  const treeData = useMemo(() => orgTreeOptions(nodes ?? []), [nodes]);
  const rootKeys = useMemo(() => treeData.map((n) => n.value), [treeData]);

  const common = {
    id: props.id,
    'aria-label': props['aria-label'],
    'data-testid': testId,
    style: { width: '100%', ...style },
    treeData,
    placeholder,
    disabled,
    allowClear,
    loading: tree === undefined && query.isLoading,
    showSearch: true,
    treeNodeFilterProp: 'title',
    filterTreeNode: (input: string, node: object) =>
      String((node as { search?: string }).search ?? '').includes(input.trim().toLowerCase()),
    treeDefaultExpandedKeys: rootKeys,
    popupMatchSelectWidth: false,
    status: query.isError ? ('error' as const) : undefined,
  };

  if (props.multiple) {
    return (
      <TreeSelect<string[]>
        {...common}
        // No checkboxes: checking conducts to the parents (the only sub-node checked checks its parent, and
        // SHOW_PARENT then answers the parent), which would widen a scope to the parent's own members.
        multiple
        value={props.value}
        onChange={(value) => props.onChange?.(value ?? [])}
      />
    );
  }
  return (
    <TreeSelect<string>
      {...common}
      value={props.value ?? undefined}
      onChange={(value) => props.onChange?.(value ?? undefined)}
    />
  );
}
