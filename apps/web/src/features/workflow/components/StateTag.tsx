import type { ApplyState } from '@keel/contract/endpoints/workflow';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';

export const STATE_COLORS: Record<ApplyState, string> = {
  pending: 'gold',
  passed: 'green',
  rejected: 'red',
  withdrawn: 'default',
};

/** An application's state as a coloured tag. */
export function StateTag({ state, testId }: { state: ApplyState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[state]} data-testid={testId} style={{ marginInlineEnd: 0 }}>
      {t(`workflow.states.${state}`)}
    </Tag>
  );
}
