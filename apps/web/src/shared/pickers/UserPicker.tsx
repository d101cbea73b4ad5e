import type { UserItem } from '@keel/contract/endpoints/user';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery, platformQuery } from '../api/query';
import { useDebounced } from './use-debounced';

/** How many members one search shows. */
export const USER_PICKER_PAGE_SIZE = 20;
/** Typing pause before a search is sent (ms). */
export const USER_PICKER_DEBOUNCE_MS = 300;

interface BaseProps {
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  /** Leave out these users (e.g. a group's current members). */
  exclude?: readonly string[];
  /** Only enabled accounts (default false: every member). */
  enabledOnly?: boolean;
  /**
   * Back office (operators): the members of this property, asked without the `pno` header (`filterPno`);
   * by default the selected property's members.
   */
  pno?: string;
  testId?: string;
  style?: React.CSSProperties;
  /** Given by an antd Form.Item, so that its label names the input. */
  id?: string;
  'aria-label'?: string;
  /** Labels of users picked before (a saved list's names), shown until a search lists them. */
  knownLabels?: Readonly<Record<string, string>>;
}

export interface SingleUserPickerProps extends BaseProps {
  multiple?: false;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
}

export interface MultipleUserPickerProps extends BaseProps {
  multiple: true;
  value?: string[];
  onChange?: (value: string[]) => void;
}

export type UserPickerProps = SingleUserPickerProps | MultipleUserPickerProps;

/** The option label: name and phone number, so two members with one name can be told apart. */
export function userLabel(user: Pick<UserItem, 'name' | 'phoneNum'>): string {
  return user.phoneNum ? `${user.name} (${user.phoneNum})` : user.name;
}

/**
 * A searchable select over the selected property's members (or, with `pno`, that property's, in the back office):
 * `u/getUserList` with the typed name/phone as `str`, debounced, first USER_PICKER_PAGE_SIZE matches. value = uid, or uids with `multiple`. Usable as an antd Form
 * item control. Labels of picked users are remembered, so they stay readable when a later search leaves them out.
 */
export function UserPicker(props: UserPickerProps) {
  const { t } = useTranslation();
  const {
    placeholder,
    disabled,
    allowClear = true,
    exclude,
    enabledOnly = false,
    testId = 'user-picker',
    style,
    pno,
    knownLabels,
  } = props;
  const [search, setSearch] = useState('');
  const str = useDebounced(search.trim(), USER_PICKER_DEBOUNCE_MS);
  const input = {
    pageNum: 1,
    pageSize: USER_PICKER_PAGE_SIZE,
    ...(str ? { str } : {}),
    ...(enabledOnly ? { status: 1 as const } : {}),
  };
  const query = useQuery({
    ...(pno === undefined
      ? apiQuery('u/getUserList', input)
      : platformQuery('u/getUserList', { ...input, filterPno: pno })),
    placeholderData: keepPreviousData,
  });

  const labels = useRef(new Map<string, string>());
  for (const user of query.data?.list ?? []) labels.current.set(user.uid, userLabel(user));

  const excluded = useMemo(() => new Set(exclude ?? []), [exclude]);
  const selected = props.multiple ? (props.value ?? []) : props.value ? [props.value] : [];
  const options = useMemo(() => {
    const list = (query.data?.list ?? [])
      .filter((user) => !excluded.has(user.uid))
      .map((user) => ({ value: user.uid, label: userLabel(user), disabled: user.status === 0 && enabledOnly }));
    const shown = new Set(list.map((o) => o.value));
    // Picked users missing from this page keep their option, so the select shows their name rather than the id.
    for (const uid of selected) {
      if (!shown.has(uid))
        list.push({ value: uid, label: labels.current.get(uid) ?? knownLabels?.[uid] ?? uid, disabled: false });
    }
    return list;
  }, [query.data, excluded, selected, enabledOnly, knownLabels]);

  const loading = query.isFetching || search.trim() !== str;
  const common = {
    id: props.id,
    'aria-label': props['aria-label'],
    'data-testid': testId,
    style: { width: '100%', ...style },
    showSearch: true,
    filterOption: false,
    searchValue: search,
    onSearch: setSearch,
    options,
    placeholder: placeholder ?? t('common.userPicker.placeholder'),
    disabled,
    allowClear,
    loading,
    status: query.isError ? ('error' as const) : undefined,
    notFoundContent: loading ? <Spin size="small" /> : t('common.userPicker.empty'),
    optionFilterProp: 'label',
  };

  if (props.multiple) {
    return (
      <Select<string[]>
        {...common}
        mode="multiple"
        value={props.value ?? []}
        onChange={(value) => {
          setSearch('');
          props.onChange?.(value ?? []);
        }}
      />
    );
  }
  return (
    <Select<string>
      {...common}
      value={props.value ?? undefined}
      onChange={(value) => {
        setSearch('');
        props.onChange?.(value ?? undefined);
      }}
    />
  );
}
