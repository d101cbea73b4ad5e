import { formatFileSize } from '@keel/contract/format';
import Progress from 'antd/es/progress';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';

/** Percent of the quota in use (uploads under way included), 0–100. */
export function usedPercent(used: number, reserved: number, quota: number): number {
  if (quota <= 0) return used + reserved > 0 ? 100 : 0;
  return Math.min(100, Math.round(((used + reserved) / quota) * 1000) / 10);
}

/** Use against quota: a bar (amber from 80 %, red from 90 %) and the sizes in the SPEC §5 format. */
export function UsageBar({
  used,
  reserved = 0,
  quota,
  testId,
}: {
  used: number;
  reserved?: number;
  quota: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const percent = usedPercent(used, reserved, quota);
  const color = percent >= 90 ? '#cf1322' : percent >= 80 ? '#d48806' : undefined;
  const text = t('space.usage.of', { used: formatFileSize(used), quota: formatFileSize(quota) });
  return (
    <Tooltip title={reserved > 0 ? t('space.usage.reserved', { reserved: formatFileSize(reserved) }) : undefined}>
      <div data-testid={testId} style={{ minWidth: 140 }}>
        <Progress percent={percent} size="small" strokeColor={color} showInfo={false} aria-label={text} />
        <span style={{ fontSize: 12 }}>{text}</span>
      </div>
    </Tooltip>
  );
}
