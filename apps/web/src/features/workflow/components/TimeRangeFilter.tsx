import DatePicker from 'antd/es/date-picker';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSearchOf, useSearchUpdate } from '../../../shared/api/search-of';

const TIME_SEARCH = z.object({ startTime: z.number().int().min(0), endTime: z.number().int().min(0) }).partial();

/** The submission-time range the URL holds (`?startTime=&endTime=`, epoch ms), as the list calls take it. */
export function useTimeRange(): { startTime?: number; endTime?: number } {
  const { startTime, endTime } = useSearchOf(TIME_SEARCH);
  return useMemo(() => ({ startTime, endTime }), [startTime, endTime]);
}

/** A date range for the lists' submission time, kept in the URL (from the first day's start to the last day's end). */
export function TimeRangeFilter() {
  const { t } = useTranslation();
  const { startTime, endTime } = useTimeRange();
  const update = useSearchUpdate();
  const label = t('workflow.list.submittedBetween');
  return (
    <div className="k-wf-toolbar">
      <label htmlFor="apply-time-range">{label}</label>
      <DatePicker.RangePicker
        id="apply-time-range"
        data-testid="filter-time"
        allowEmpty={[true, true]}
        value={[startTime !== undefined ? dayjs(startTime) : null, endTime !== undefined ? dayjs(endTime) : null]}
        onChange={(range) =>
          update({
            startTime: range?.[0] ? range[0].startOf('day').valueOf() : undefined,
            endTime: range?.[1] ? range[1].endOf('day').valueOf() : undefined,
          })
        }
        style={{ maxWidth: '100%' }}
      />
    </div>
  );
}
