import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { platformQuery } from '../api/query';
import { SearchSelect } from './SearchSelect';

/**
 * Back office: a searchable select of every property (`pro/getAllPropertyList`, an operator call; name or number,
 * first 20 matches); value = pno. A property given by the URL is looked up so that it shows by name.
 */
export function PropertySelect({
  value,
  onChange,
  placeholder,
  allowClear = true,
  testId = 'property-select',
  style,
  ariaLabel,
  id,
}: {
  value?: string;
  onChange?: (pno: string | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  testId?: string;
  style?: CSSProperties;
  ariaLabel?: string;
  /** Given by an antd Form.Item, so that its label names the input. */
  id?: string;
}) {
  const { t } = useTranslation();
  return (
    <SearchSelect
      query={(str) => platformQuery('pro/getAllPropertyList', { pageNum: 1, pageSize: 20, ...(str ? { str } : {}) })}
      lookup={(pno) => platformQuery('pro/getAllPropertyList', { pageNum: 1, pageSize: 1, str: pno })}
      option={(p) => ({ value: p.pno, label: `${p.name} (${p.pno})` })}
      value={value}
      onChange={onChange}
      id={id}
      testId={testId}
      style={{ minWidth: 240, ...style }}
      allowClear={allowClear}
      placeholder={placeholder ?? t('common.propertyPicker.placeholder')}
      emptyText={t('common.propertyPicker.empty')}
      ariaLabel={ariaLabel ?? t('common.propertyPicker.label')}
    />
  );
}
