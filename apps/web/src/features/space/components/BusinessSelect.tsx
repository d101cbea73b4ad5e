import type { Business } from '@keel/contract/constants';
import { useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { apiQuery, platformQuery } from '../../../shared/api/query';

/**
 * The businesses a space can be made for: those enabled for the property (authorised and not switched off). The
 * selected property's (`bn/getMyPropertyBusinessList`), or in the back office the property `pno` names.
 */
export function BusinessSelect({
  value,
  onChange,
  pno,
  platform = false,
  id,
  testId = 'space-business',
}: {
  value?: Business;
  onChange?: (business: Business | undefined) => void;
  /** Back office: the property whose businesses are offered (none until one is picked). */
  pno?: string;
  platform?: boolean;
  id?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const mine = useQuery({ ...apiQuery('bn/getMyPropertyBusinessList', {}), enabled: !platform });
  const theirs = useQuery({
    ...platformQuery('pro/getBusinessStatusList', { pno: pno ?? '' }),
    enabled: platform && Boolean(pno),
  });
  const enabled: Business[] = platform
    ? (theirs.data ?? []).filter((b) => b.authorised === 1 && b.disabled === 0).map((b) => b.business)
    : (mine.data ?? []).filter((b) => b.disabled === 0).map((b) => b.business);
  const loading = platform ? theirs.isLoading && Boolean(pno) : mine.isLoading;
  return (
    <Select<Business>
      id={id}
      data-testid={testId}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      loading={loading}
      options={enabled.map((b) => ({ value: b, label: t(`common.businesses.${b}`) }))}
      placeholder={t('space.fields.businessPlaceholder')}
      notFoundContent={loading ? undefined : t('space.fields.noBusiness')}
    />
  );
}
