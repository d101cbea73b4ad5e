import './bar-chart.css';

export interface Bar {
  key: string;
  /** What the bar is of (a version). */
  label: string;
  value: number;
  /** The part of `value` drawn darker (the online devices), if any. */
  part?: number;
  /** The figure shown after the bar (the count, with the part). */
  caption: string;
  testId?: string;
}

/**
 * A horizontal bar chart in plain HTML and CSS (no chart library): one row per bar, its label, a bar scaled to the
 * largest value with an optional darker part, and its figures as text. Screen readers read the list of labels and
 * figures; the bars themselves are decoration. Rows stack under 480 px.
 */
export function BarChart({ bars, label, testId }: { bars: readonly Bar[]; label: string; testId?: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <ul className="k-bars" aria-label={label} data-testid={testId}>
      {bars.map((b) => (
        <li key={b.key} className="k-bars__row" data-testid={b.testId}>
          <span className="k-bars__label" translate="no" title={b.label}>
            {b.label}
          </span>
          <span className="k-bars__track" aria-hidden="true">
            <span className="k-bars__bar" style={{ width: `${(b.value / max) * 100}%` }}>
              {b.part !== undefined && b.value > 0 && (
                <span className="k-bars__part" style={{ width: `${(b.part / b.value) * 100}%` }} />
              )}
            </span>
          </span>
          <span className="k-bars__caption">{b.caption}</span>
        </li>
      ))}
    </ul>
  );
}
