import type { ApplyItem } from '@keel/contract/endpoints/workflow';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import { useTranslation } from 'react-i18next';
import { humanKey, snapshotFields } from './snapshot';

export interface DetailProps {
  apply: ApplyItem;
}

/**
 * What was applied for, field by field from the snapshot the area recorded at submission: the generic detail of
 * apply types whose area has no detail of its own yet. `first` orders the fields an area's detail cares about.
 */
export function SnapshotDetail({
  apply,
  first,
  keep,
  testId = 'apply-snapshot',
}: DetailProps & { first?: readonly string[]; keep?: readonly string[]; testId?: string }) {
  const { t } = useTranslation();
  const fields = snapshotFields(apply.snapshot, first, keep);
  if (fields.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workflow.detail.noSnapshot')} />;
  // A field the locales do not name shows its key as words.
  const label = (key: string) => t(`workflow.fields.${key}`, { defaultValue: humanKey(key) });
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      data-testid={testId}
      styles={{ label: { width: 140 } }}
      items={fields.map((f) => ({
        key: f.key,
        label: label(f.key),
        children: (
          <span
            translate="no"
            style={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}
            data-testid={`field-${f.key}`}
          >
            {f.text}
          </span>
        ),
      }))}
    />
  );
}
