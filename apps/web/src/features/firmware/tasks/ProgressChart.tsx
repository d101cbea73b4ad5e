import type { DeliveryState } from '@keel/contract/endpoints/firmware-task';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/format/time';
import { IN_FLIGHT } from './TaskBits';

interface Sample {
  time: number;
  counts: Partial<Record<DeliveryState, number>>;
}

const SERIES = [
  { key: 'succeeded', colour: '#52c41a', of: ['succeeded'] },
  { key: 'inFlight', colour: '#1677ff', of: IN_FLIGHT },
  { key: 'pending', colour: '#bfbfbf', of: ['pending'] },
  { key: 'failed', colour: '#ff4d4f', of: ['failed'] },
] as const;

const W = 600;
const HOUR = 3_600_000;
const H = 180;

/**
 * A task's devices per state over time (`task/getTaskProgress`'s samples) as lines in a plain SVG: succeeded, on
 * their way, pending, failed. The legend carries the latest figures as text, so the chart is readable without it.
 */
export function ProgressChart({ samples }: { samples: readonly Sample[] }) {
  const { t } = useTranslation();
  if (samples.length === 0)
    return (
      <p data-testid="task-chart-empty" style={{ color: 'var(--k-text-2)' }}>
        {t('firmware.task.chartEmpty')}
      </p>
    );
  const values = samples.map((s) =>
    SERIES.map((series) => series.of.reduce((n, state) => n + (s.counts[state as DeliveryState] ?? 0), 0)),
  );
  const max = Math.max(1, ...values.flat());
  const t0 = samples[0]?.time ?? 0;
  const span = Math.max(1, (samples.at(-1)?.time ?? t0) - t0);
  const x = (time: number) => (samples.length === 1 ? W : ((time - t0) / span) * W);
  const y = (v: number) => H - (v / max) * (H - 8) - 4;
  const last = values.at(-1) ?? [];
  return (
    <figure style={{ margin: 0 }} data-testid="task-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t('firmware.task.chartLabel')}
        style={{ width: '100%', height: 180, display: 'block', background: 'var(--k-fill, #fafafa)', borderRadius: 6 }}
      >
        {SERIES.map((series, i) => (
          <polyline
            key={series.key}
            fill="none"
            stroke={series.colour}
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
            points={samples.map((s, j) => `${x(s.time)},${y(values[j]?.[i] ?? 0)}`).join(' ')}
          />
        ))}
      </svg>
      <figcaption style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px', marginTop: 8, fontSize: 13 }}>
        {SERIES.map((series, i) => (
          <span key={series.key} data-testid={`task-chart-${series.key}`} data-count={last[i] ?? 0}>
            <span
              aria-hidden="true"
              style={{
                display: 'inline-block',
                width: 10,
                height: 10,
                borderRadius: 2,
                background: series.colour,
                marginRight: 6,
              }}
            />
            {t(`firmware.task.series.${series.key}`)}: {last[i] ?? 0}
          </span>
        ))}
        <span style={{ color: 'var(--k-text-2)' }} data-testid="task-chart-span">
          {/* A rollout of minutes reads by the second; the scale's top is the largest figure. */}
          {formatTime(t0, { seconds: span < HOUR })} – {formatTime(samples.at(-1)?.time, { seconds: span < HOUR })} ·{' '}
          {t('firmware.task.chartMax', { max })}
        </span>
      </figcaption>
    </figure>
  );
}
