import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** One day of the chart: its label (`MM-DD`) and the two counts drawn side by side. */
export interface ChartDay {
  day: string;
  checks: number;
  downloads: number;
}

const HEIGHT = 200;
/** The width drawn before the figure is measured (and where ResizeObserver is missing). */
const DEFAULT_WIDTH = 640;
const PAD = { top: 12, right: 8, bottom: 28, left: 40 };

/** A round step for the value axis (counts: at least 1): 1, 2 or 5 times a power of ten, about four lines. */
function stepOf(max: number): number {
  const raw = Math.max(1, max / 4);
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

/** The width of an element, followed as it changes. */
function useWidth() {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(200, Math.floor(entry.contentRect.width))));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * Update checks and downloads per day as a grouped bar chart in plain SVG (no chart library): two bars a day, a
 * value axis of round steps, as many days' labels as fit. It is drawn at its container's measured width, so its
 * texts keep their size on a phone and it never makes a page scroll sideways. Screen readers get a table of the
 * figures instead of the drawing.
 */
export function StatsChart({ days, testId }: { days: readonly ChartDay[]; testId?: string }) {
  const { t } = useTranslation();
  const { ref, width: WIDTH } = useWidth();
  const max = Math.max(1, ...days.map((d) => Math.max(d.checks, d.downloads)));
  const step = stepOf(max);
  const top = Math.ceil(max / step) * step;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, days.length);
  const bar = Math.max(1, Math.min(18, slot * 0.36));
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const labelEvery = Math.max(1, Math.ceil(days.length / Math.max(2, Math.floor(plotW / 56))));
  const lines: number[] = [];
  for (let v = 0; v <= top; v += step) lines.push(v);
  return (
    <figure className="k-soft-chart" data-testid={testId} ref={ref as never}>
      <svg width={WIDTH} height={HEIGHT} aria-hidden="true" focusable="false">
        {lines.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(v)} y2={y(v)} className="k-soft-chart__grid" />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" className="k-soft-chart__axis">
              {v}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          const x = PAD.left + i * slot + slot / 2;
          return (
            <g key={d.day}>
              <rect
                x={x - bar}
                y={y(d.checks)}
                width={bar}
                height={y(0) - y(d.checks)}
                className="k-soft-chart__checks"
              >
                <title>{`${d.day} ${t('pc-software.stats.checks')}: ${d.checks}`}</title>
              </rect>
              <rect
                x={x}
                y={y(d.downloads)}
                width={bar}
                height={y(0) - y(d.downloads)}
                className="k-soft-chart__downloads"
              >
                <title>{`${d.day} ${t('pc-software.stats.downloads')}: ${d.downloads}`}</title>
              </rect>
              {i % labelEvery === 0 && (
                <text x={x} y={HEIGHT - 8} textAnchor="middle" className="k-soft-chart__axis">
                  {d.day}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="k-soft-chart__legend">
        <span className="k-soft-chart__key k-soft-chart__key--checks">{t('pc-software.stats.checks')}</span>
        <span className="k-soft-chart__key k-soft-chart__key--downloads">{t('pc-software.stats.downloads')}</span>
      </figcaption>
      <table className="k-visually-hidden">
        <caption>{t('pc-software.stats.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('pc-software.stats.day')}</th>
            <th scope="col">{t('pc-software.stats.checks')}</th>
            <th scope="col">{t('pc-software.stats.downloads')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{d.day}</th>
              <td>{d.checks}</td>
              <td>{d.downloads}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
