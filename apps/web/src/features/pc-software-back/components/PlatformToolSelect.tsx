import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { platformQuery } from '../../../shared/api/query';
import { SearchSelect } from '../../../shared/pickers/SearchSelect';

/**
 * A searchable select of the platform main tools (`soft/getPlatformMainToolList` with `platformMain` 1, first 20
 * matches by name); value = softId. A tool given by the URL is looked up among the first 200 so that it shows by name.
 */
export function PlatformToolSelect({
  value,
  onChange,
  testId,
  placeholder,
  ariaLabel,
  style,
  id,
  allowClear = true,
}: {
  value?: string;
  onChange?: (softId: string | undefined) => void;
  testId: string;
  placeholder?: string;
  ariaLabel?: string;
  style?: CSSProperties;
  /** Given by an antd Form.Item, so that its label names the input. */
  id?: string;
  allowClear?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SearchSelect
      query={(str) =>
        platformQuery('soft/getPlatformMainToolList', {
          pageNum: 1,
          pageSize: 20,
          platformMain: 1,
          ...(str ? { str } : {}),
        })
      }
      lookup={() => platformQuery('soft/getPlatformMainToolList', { pageNum: 1, pageSize: 200, platformMain: 1 })}
      option={(s) => ({ value: s.softId, label: `${s.name} (${s.propertyName || s.pno})` })}
      value={value}
      onChange={onChange}
      id={id}
      testId={testId}
      style={{ minWidth: 240, ...style }}
      allowClear={allowClear}
      placeholder={placeholder ?? t('pc-software-back.grant.allTools')}
      emptyText={t('pc-software-back.grant.toolEmpty')}
      ariaLabel={ariaLabel ?? t('pc-software-back.grant.tool')}
    />
  );
}
