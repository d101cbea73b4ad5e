import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSearchOf, useSearchUpdate } from '../../../shared/api/search-of';
import { PropertySelect } from '../../../shared/pickers/PropertySelect';

const FILTER = z.object({ filterPno: z.string().trim().max(64) }).partial();

/** The property a back-office list keeps (`filterPno` in the URL), or every property. */
export function PropertyFilter({ testId, label }: { testId: string; label?: string }) {
  const { t } = useTranslation();
  const { filterPno } = useSearchOf(FILTER);
  const go = useSearchUpdate();
  return (
    <PropertySelect
      value={filterPno}
      testId={testId}
      ariaLabel={label ?? t('pc-software-back.property')}
      placeholder={t('pc-software-back.allProperties')}
      style={{ width: 320, maxWidth: '100%' }}
      onChange={(pno) => go({ filterPno: pno || undefined })}
    />
  );
}
