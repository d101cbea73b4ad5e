import { useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { FUNC_CHOICES } from '../api';
import { RiskTag } from './RiskTag';

/**
 * A choice among a security space's functions for the grant pool and white-list dialogs, searched by code and names,
 * each with its risk; `taken` functions are shown but cannot be chosen, with `takenText` saying why.
 */
export function PoolFuncSelect({
  sid,
  id,
  value,
  onChange,
  disabled,
  testId,
  taken,
  takenText,
}: {
  sid: string;
  id?: string;
  value?: string;
  onChange?: (funcId: string) => void;
  disabled?: boolean;
  testId: string;
  taken?: ReadonlySet<string>;
  takenText?: string;
}) {
  const { t, i18n } = useTranslation();
  const funcs = useQuery(apiQuery('func/getFuncList', { sid, filterAuth: 0, pageNum: 1, pageSize: FUNC_CHOICES }));
  const en = i18n.language === 'en';
  return (
    <Select
      id={id}
      data-testid={testId}
      style={{ width: '100%' }}
      showSearch
      optionFilterProp="search"
      disabled={disabled}
      loading={funcs.isLoading}
      status={funcs.isError ? 'error' : undefined}
      placeholder={t('security-chain.pool.funcPlaceholder')}
      notFoundContent={funcs.isError ? t('kit.loadFailed') : t('security-chain.picker.none')}
      value={value}
      onChange={onChange}
      options={(funcs.data?.list ?? []).map((f) => {
        const isTaken = taken?.has(f.funcId) && f.funcId !== value;
        return {
          value: f.funcId,
          disabled: isTaken,
          search: `${f.code} ${f.nameZh} ${f.nameEn}`.toLowerCase(),
          label: (
            <span data-testid={`${testId}-${f.code}`}>
              <span translate="no">{f.code}</span> · {en ? f.nameEn : f.nameZh} <RiskTag risk={f.risk} />
              {isTaken && takenText ? ` (${takenText})` : null}
            </span>
          ),
        };
      })}
    />
  );
}
