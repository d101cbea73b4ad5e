import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';

/**
 * A value to copy (a hash, a command line): shown whole in a monospace font, wrapping anywhere so that a phone does
 * not scroll sideways, with a copy button.
 */
export function CopyText({ text, testId, label }: { text: string; testId: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="k-dl-copy" data-testid={testId}>
      <code translate="no">{text}</code>
      <Typography.Text
        copyable={{
          text,
          tooltips: [label ?? t('pc-download.copy'), t('pc-download.copied')],
        }}
      />
    </div>
  );
}
