import DatePicker from 'antd/es/date-picker';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSearchOf, useSearchUpdate } from '../../../shared/api/search-of';

const RANGE_SEARCH = z.object({ startTime: z.number().int().min(0), endTime: z.number().int().min(0) }).partial();

/**
 * The days commands were sent in, kept in the URL as the list calls take them (`?startTime=&endTime=`, epoch ms): from
 * the first day's start (inclusive) to the start of the day after the last (exclusive).
 */
export function SentRangeFilter() {
  const { t } = useTranslation();
  const { startTime, endTime } = useSearchOf(RANGE_SEARCH);
  const update = useSearchUpdate();
  const label = t('security-chain.routedPlat.sentBetween');
  return (
    <DatePicker.RangePicker
      aria-label={label}
      data-testid="sc-plat-time"
      allowEmpty={[true, true]}
      placeholder={[t('security-chain.routedPlat.from'), t('security-chain.routedPlat.to')]}
      value={[
        startTime !== undefined ? dayjs(startTime) : null,
        endTime !== undefined ? dayjs(endTime).subtract(1, 'day') : null,
      ]}
      onChange={(range) =>
        update({
          startTime: range?.[0] ? range[0].startOf('day').valueOf() : undefined,
          endTime: range?.[1] ? range[1].startOf('day').add(1, 'day').valueOf() : undefined,
        })
      }
      style={{ maxWidth: '100%' }}
    />
  );
}
