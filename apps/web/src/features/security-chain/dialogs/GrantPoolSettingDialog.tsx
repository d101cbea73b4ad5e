import {
  POOL_PERIODS,
  POOL_QUOTA_MAX,
  POOL_REMARK_MAX,
  type PoolPeriod,
} from '@keel/contract/endpoints/security-pools';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Skeleton from 'antd/es/skeleton';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { PoolFuncSelect } from '../components/PoolFuncSelect';
import { useSecuritySpace } from '../components/SecuritySpaceGate';
import { POOL_DIALOG_SEARCH, POOL_READS, useCanEditPools } from '../pool-api';

/** The most pools the dialog reads to tell which functions have one (a space keeps a few dozen functions). */
const POOLS_READ = 500;

interface PoolValues {
  funcId: string;
  period: PoolPeriod;
  quota: number;
  remark?: string;
  enabled: boolean;
}

/**
 * `/SecurityChain/GrantPoolSettingDialog` (over the authorisations page): sets up a function's grant pool, or with
 * `?poolId=` edits one — the period (day, week, month in UTC, or a total never refilled), the quota per period, a
 * remark, enabled. A pool stays with its function; a changed period starts afresh.
 */
export function GrantPoolSettingDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { space } = useSecuritySpace();
  const { poolId } = useSearchOf(POOL_DIALOG_SEARCH);
  const canEdit = useCanEditPools();
  const sid = space?.sid ?? '';
  const pools = useQuery({
    ...apiQuery('grantPool/getGrantPoolList', { sid, pageNum: 1, pageSize: POOLS_READ }),
    enabled: !!sid,
  });
  const pool = poolId ? pools.data?.list.find((p) => p.poolId === poolId) : undefined;
  const taken = new Set((pools.data?.list ?? []).map((p) => p.funcId));
  const save = useApiMutation('grantPool/saveGrantPool', {
    invalidates: POOL_READS,
    success: (data) => t('security-chain.pool.saved', { code: data.funcCode }),
  });
  const loading = !!sid && pools.isLoading;
  const missing = !!poolId && !loading && !pool;

  const submit = async (v: PoolValues) =>
    save({
      ...(pool ? { poolId: pool.poolId } : {}),
      sid,
      funcId: v.funcId,
      period: v.period,
      quota: v.quota,
      remark: (v.remark ?? '').trim(),
      disabled: v.enabled ? 0 : 1,
    });

  return (
    <FormDialog<PoolValues>
      open
      title={t(poolId ? 'security-chain.pool.edit' : 'security-chain.pool.create')}
      testId="sc-pool-dialog"
      onClose={onClose}
      onSubmit={async (v) => (missing || !sid || !canEdit ? false : submit(v))}
      initialValues={
        pool
          ? {
              funcId: pool.funcId,
              period: pool.period,
              quota: pool.quota,
              remark: pool.remark,
              enabled: !pool.disabled,
            }
          : { period: 'day', quota: 10, enabled: true }
      }
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : !sid ? (
        <Alert type="warning" showIcon message={t('security-chain.space.none')} />
      ) : missing ? (
        <Alert type="warning" showIcon message={t('security-chain.pool.gone')} data-testid="sc-pool-gone" />
      ) : (
        <>
          {!canEdit && <Alert type="info" showIcon message={t('security-chain.pool.readOnly')} />}
          <Form.Item
            name="funcId"
            label={t('security-chain.pool.func')}
            rules={[{ required: true, message: t('security-chain.pool.funcRequired') }]}
            extra={pool ? t('security-chain.pool.funcFixed') : t('security-chain.pool.funcHelp')}
          >
            <PoolFuncSelect
              sid={sid}
              testId="sc-pool-func"
              disabled={!!pool}
              taken={taken}
              takenText={t('security-chain.pool.hasPool')}
            />
          </Form.Item>
          <Form.Item
            name="period"
            label={t('security-chain.pool.period')}
            rules={[{ required: true }]}
            extra={t('security-chain.pool.periodHelp')}
          >
            <Radio.Group
              data-testid="sc-pool-period"
              optionType="button"
              options={POOL_PERIODS.map((p) => ({
                value: p,
                label: <span data-testid={`sc-pool-period-opt-${p}`}>{t(`security-chain.pool.periods.${p}`)}</span>,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="quota"
            label={t('security-chain.pool.quota')}
            rules={[{ required: true, message: t('security-chain.pool.quotaRequired', { max: POOL_QUOTA_MAX }) }]}
            extra={t('security-chain.pool.quotaHelp')}
          >
            <InputNumber
              data-testid="sc-pool-quota"
              min={1}
              max={POOL_QUOTA_MAX}
              precision={0}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item name="enabled" label={t('security-chain.pool.enabled')} valuePropName="checked">
            <Switch data-testid="sc-pool-enabled" />
          </Form.Item>
          <Form.Item
            name="remark"
            label={t('security-chain.pool.remark')}
            rules={[{ max: POOL_REMARK_MAX, message: t('security-chain.tooLong', { max: POOL_REMARK_MAX }) }]}
          >
            <Input data-testid="sc-pool-remark" maxLength={POOL_REMARK_MAX} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
