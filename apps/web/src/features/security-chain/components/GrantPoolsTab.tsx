import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type GrantPoolItem, grantPoolEndpoints } from '@keel/contract/endpoints/security-pools';
import { useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { POOL_DIALOG, POOL_READS, useCanEditPools } from '../pool-api';
import { RiskTag } from './RiskTag';

const LIST = grantPoolEndpoints['grantPool/getGrantPoolList'].input.pick({ str: true });

/** Disables or enables a pool. */
function DisableButton({ row }: { row: GrantPoolItem }) {
  const { t } = useTranslation();
  const disable = row.disabled === 0;
  const set = useApiMutation('grantPool/setGrantPoolDisable', {
    invalidates: POOL_READS,
    success: () =>
      t(disable ? 'security-chain.pool.disabledDone' : 'security-chain.pool.enabledDone', { code: row.funcCode }),
  });
  return (
    <Button
      size="small"
      data-testid={`sc-pool-${disable ? 'disable' : 'enable'}-${row.funcCode}`}
      onClick={() => void set({ poolId: row.poolId, disabled: disable ? 1 : 0 })}
    >
      {t(disable ? 'security-chain.pool.disable' : 'security-chain.pool.enable')}
    </Button>
  );
}

/** Gives a pool its whole quota again, after a confirmation. */
function ResetButton({ row }: { row: GrantPoolItem }) {
  const { t } = useTranslation();
  const reset = useApiMutation('grantPool/resetGrantPool', {
    invalidates: POOL_READS,
    success: () => t('security-chain.pool.resetDone', { code: row.funcCode }),
  });
  return (
    <ConfirmAction
      danger={false}
      title={t('security-chain.pool.resetConfirm', { code: row.funcCode })}
      description={t('security-chain.pool.resetHelp', { used: row.used, quota: row.quota })}
      onConfirm={() => reset({ poolId: row.poolId })}
      buttonProps={{ size: 'small', 'data-testid': `sc-pool-reset-${row.funcCode}` } as never}
    >
      {t('security-chain.pool.reset')}
    </ConfirmAction>
  );
}

/** What is used of the current period, as a bar with the numbers. */
function UsedBar({ row }: { row: GrantPoolItem }) {
  const { t } = useTranslation();
  const percent = row.quota === 0 ? 0 : Math.min(100, Math.round((row.used / row.quota) * 100));
  const full = row.used >= row.quota;
  return (
    <div data-testid={`sc-pool-used-${row.funcCode}`}>
      <Progress
        percent={percent}
        size="small"
        status={full ? 'exception' : 'normal'}
        showInfo={false}
        aria-label={t('security-chain.pool.usedOf', { used: row.used, quota: row.quota })}
      />
      <Typography.Text type={full ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
        {t('security-chain.pool.usedOf', { used: row.used, quota: row.quota })}
      </Typography.Text>
    </div>
  );
}

/**
 * The grant pools of a security space: per function, a quota of grants per period (day, week, month in UTC, or a
 * total never refilled), with what is used of the current period and when it refills. With `security.grant.pools`:
 * set up and edit (the dialog route `GrantPoolSettingDialog`), disable and enable, reset and delete after a
 * confirmation.
 */
export function GrantPoolsTab({ sid }: { sid: string }) {
  const { t } = useTranslation();
  const canEdit = useCanEditPools();
  const navigate = useNavigate();
  const open = () => void navigate({ to: POOL_DIALOG as never, search: { sid, tab: 'pools' } as never });
  const refill = (r: GrantPoolItem) =>
    r.refillTime === null ? t('security-chain.pool.never') : formatTime(r.refillTime);
  const resource = defineResource<GrantPoolItem>()({
    rowKey: 'poolId',
    tableTestId: 'sc-pool-table',
    testId: 'sc-pool-list',
    toolbar: (
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">{t('security-chain.pool.help')}</Typography.Text>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="sc-pool-create" onClick={() => open()}>
            {t('security-chain.pool.create')}
          </Button>
        )}
      </Space>
    ),
    // Edits in the dialog route; the toolbar's button sets up a pool there too (with the space and the tab).
    dialogRoute: { to: POOL_DIALOG, search: (row) => ({ sid, tab: 'pools', poolId: row.poolId }) },
    list: { path: 'grantPool/getGrantPoolList', schema: LIST, input: (s) => ({ ...s, sid }) },
    columns: [
      {
        // The function column is also the search box (`str`: code and names).
        key: 'str',
        title: t('security-chain.pool.func'),
        filter: true,
        pinned: true,
        width: 200,
        wrap: true,
        render: (r) => (
          <Space direction="vertical" size={0} data-testid={`sc-pool-${r.funcCode}`}>
            <Typography.Text translate="no" strong>
              {r.funcCode}
            </Typography.Text>
            <Space size={4} wrap>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.funcName}
              </Typography.Text>
              <RiskTag risk={r.risk} />
            </Space>
          </Space>
        ),
      },
      {
        key: 'used',
        title: t('security-chain.pool.used'),
        width: 140,
        wrap: true,
        render: (r) => <UsedBar row={r} />,
      },
      {
        key: 'period',
        title: t('security-chain.pool.period'),
        width: 170,
        wrap: true,
        render: (r) => (
          <Space direction="vertical" size={0}>
            <span data-testid={`sc-pool-period-${r.funcCode}`}>
              {t(`security-chain.pool.perPeriod.${r.period}`, { quota: r.quota })}
            </span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('security-chain.pool.refill', { time: refill(r) })}
            </Typography.Text>
          </Space>
        ),
      },
      {
        key: 'disabled',
        title: t('security-chain.pool.state'),
        width: 90,
        render: (r) => (
          <Tag color={r.disabled ? 'red' : 'green'} data-testid={`sc-pool-state-${r.funcCode}`}>
            {t(r.disabled ? 'security-chain.pool.states.disabled' : 'security-chain.pool.states.enabled')}
          </Tag>
        ),
      },
      { key: 'remark', title: t('security-chain.pool.remark'), width: 120 },
      { key: 'updateTime', title: t('security-chain.pool.updated'), width: 140, time: true },
    ],
    remove: {
      path: 'grantPool/deleteGrantPool',
      input: (row) => ({ poolId: row.poolId }),
      confirm: (row) => ({
        title: t('security-chain.pool.deleteConfirm', { code: row.funcCode }),
        description: t('security-chain.pool.deleteHelp'),
      }),
      success: (_d, row) => t('security-chain.pool.deleted', { code: row.funcCode }),
      invalidates: POOL_READS,
    },
    actions: canEdit
      ? {
          title: t('common.actions'),
          width: 200,
          before: (row) => (
            <>
              <DisableButton row={row} />
              <ResetButton row={row} />
            </>
          ),
          edit: {
            label: t('security-chain.pool.edit'),
            icon: <EditOutlined />,
            iconOnly: true,
            testId: (row) => `sc-pool-edit-${row.funcCode}`,
          },
          remove: {
            label: t('security-chain.pool.delete'),
            icon: <DeleteOutlined />,
            iconOnly: true,
            testId: (row) => `sc-pool-delete-${row.funcCode}`,
          },
        }
      : undefined,
  });
  return <ResourcePage resource={resource} />;
}
