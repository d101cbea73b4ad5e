import type { SoftItem } from '@keel/contract/endpoints/pc-software';
import { useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { SOFT_CHOICES } from '../api';

/** The property's software, for a choice of one (by name, last changed first as the list answers). */
export function useSoftChoices(enabled = true) {
  return useQuery({ ...apiQuery('soft/getSoftInfoList', { pageNum: 1, pageSize: SOFT_CHOICES }), enabled });
}

/**
 * A searchable choice of one of the property's software (value: softId). `filter` keeps some (main tools only, say).
 * Usable as an antd Form control.
 */
export function SoftPicker({
  id,
  value,
  onChange,
  filter,
  testId = 'soft-picker',
  placeholder,
  allowClear,
  style,
}: {
  id?: string;
  value?: string;
  onChange?: (softId: string | undefined) => void;
  filter?: (soft: SoftItem) => boolean;
  testId?: string;
  placeholder?: string;
  allowClear?: boolean;
  style?: React.CSSProperties;
}) {
  const { t } = useTranslation();
  const list = useSoftChoices();
  const options = (list.data?.list ?? [])
    .filter((s) => !filter || filter(s))
    .map((s) => ({ value: s.softId, label: s.name }));
  return (
    <Select
      id={id}
      data-testid={testId}
      aria-label={placeholder ?? t('pc-software.soft.choose')}
      placeholder={placeholder ?? t('pc-software.soft.choose')}
      style={{ minWidth: 200, maxWidth: '100%', ...style }}
      showSearch
      allowClear={allowClear}
      optionFilterProp="label"
      loading={list.isLoading}
      status={list.isError ? 'error' : undefined}
      notFoundContent={list.isLoading ? undefined : t('pc-software.soft.none')}
      options={options}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
    />
  );
}
