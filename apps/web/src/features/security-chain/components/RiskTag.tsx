import type { FuncRisk } from '@keel/contract/endpoints/security-chain';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<FuncRisk, string> = { low: 'green', medium: 'gold', high: 'orange', critical: 'red' };

/** A function's risk level as a coloured tag. */
export function RiskTag({ risk }: { risk: FuncRisk }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOURS[risk]} data-testid={`sc-risk-${risk}`}>
      {t(`security-chain.risk.${risk}`)}
    </Tag>
  );
}
