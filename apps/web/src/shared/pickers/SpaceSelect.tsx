import { SPACE_LIST_PAGE_SIZE } from '@keel/contract/constants';
import { useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../api/query';

/** The selected property's spaces the caller manages (`space/getAllSpaceList`, their space scope), all of them. */
export const managedSpacesQuery = () =>
  apiQuery('space/getAllSpaceList', { pageNum: 1, pageSize: SPACE_LIST_PAGE_SIZE });

/** Names of the selected property's spaces by id (for scopes shown as ids); empty until they load. */
export function useSpaceNames(enabled: boolean): Map<string, string> {
  const spaces = useQuery({ ...managedSpacesQuery(), enabled });
  return useMemo(() => new Map((spaces.data?.list ?? []).map((s) => [s.sid, s.name])), [spaces.data]);
}

/**
 * A searchable multiple select over the selected property's spaces the signed-in member manages; value = sids.
 * Ids no longer listed (a space out of their reach) keep an option showing the id. Usable as an antd Form control.
 */
export function SpaceSelect({
  value,
  onChange,
  id,
  testId = 'space-select',
  placeholder,
}: {
  value?: string[];
  onChange?: (sids: string[]) => void;
  id?: string;
  testId?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const spaces = useQuery(managedSpacesQuery());
  const options = useMemo(() => {
    const list = (spaces.data?.list ?? []).map((s) => ({
      value: s.sid,
      label: `${s.name} · ${t(`common.businesses.${s.business}`)}`,
    }));
    const shown = new Set(list.map((o) => o.value));
    for (const sid of value ?? []) if (!shown.has(sid)) list.push({ value: sid, label: sid });
    return list;
  }, [spaces.data, value, t]);
  return (
    <Select<string[]>
      id={id}
      mode="multiple"
      allowClear
      showSearch
      optionFilterProp="label"
      data-testid={testId}
      style={{ width: '100%' }}
      placeholder={placeholder ?? t('common.spacePicker.placeholder')}
      loading={spaces.isLoading}
      status={spaces.isError ? 'error' : undefined}
      notFoundContent={spaces.isLoading ? undefined : t('common.spacePicker.empty')}
      options={options}
      value={value ?? []}
      onChange={(v) => onChange?.(v ?? [])}
    />
  );
}
