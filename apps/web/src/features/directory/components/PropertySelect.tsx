import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { scopedQuery } from '../api';
import { SearchSelect } from './SearchSelect';

/**
 * Back office: a searchable select of every property (`pro/getAllPropertyList`, name or number, first 20 matches);
 * value = pno. The picked property's name is remembered so it stays readable after another search.
 */
export function PropertySelect({
  value,
  onChange,
  placeholder,
  allowClear = true,
  testId = 'property-select',
  style,
}: {
  value?: string;
  onChange?: (pno: string | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  testId?: string;
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  return (
    <SearchSelect
      query={(str) =>
        scopedQuery('pro/getAllPropertyList', { pageNum: 1, pageSize: 20, ...(str ? { str } : {}) }, 'platform')
      }
      option={(p) => ({ value: p.pno, label: `${p.name} (${p.pno})` })}
      value={value}
      onChange={onChange}
      testId={testId}
      style={{ minWidth: 240, ...style }}
      allowClear={allowClear}
      placeholder={placeholder ?? t('directory.property.placeholder')}
      emptyText={t('directory.property.empty')}
      ariaLabel={t('directory.property.label')}
    />
  );
}
