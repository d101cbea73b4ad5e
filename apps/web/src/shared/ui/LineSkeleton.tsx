import './ui.css';

/**
 * Grey bars standing in for content that is loading (antd's Skeleton stays out of the shell's entry chunk). Hidden
 * from assistive technology; `label` is announced instead.
 */
export function LineSkeleton({
  rows,
  label,
  'data-testid': testId,
}: {
  rows: number;
  label: string;
  'data-testid'?: string;
}) {
  return (
    <div className="k-skeleton" role="status" aria-label={label} aria-busy="true" data-testid={testId}>
      {Array.from({ length: rows }, (_, i) => `row-${i}`).map((key, i) => (
        <span key={key} className="k-skeleton-row" aria-hidden style={{ width: i % 3 === 2 ? '60%' : '100%' }} />
      ))}
    </div>
  );
}
