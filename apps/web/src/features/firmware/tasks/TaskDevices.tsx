import { DELIVERY_STATES, type DeliveryState } from '@keel/contract/endpoints/firmware-task';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { apiQuery } from '../../../shared/api/query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { OnlineState } from '../components/UpgradeBits';
import { HISTORY_DIALOG, LIVE_MS, TASK_READS } from './routes';
import { SuccessBy, SuccessByTitle } from './SuccessRule';
import { DeliveryStateTag } from './TaskBits';

const PAGE = 10;

/**
 * A task's devices (`task/getAssignedDeviceList`) with their group, delivery state, attempts and error, filtered
 * by state and id/name; each opens its delivery history. With the right, devices may be taken out (confirmed).
 */
export function TaskDevices({ id, live, canRemove }: { id: string; live: boolean; canRemove: boolean }) {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const [state, setState] = useState<DeliveryState | undefined>();
  const [str, setStr] = useState('');
  const q = useQuery({
    ...apiQuery('task/getAssignedDeviceList', { id, pageNum, pageSize: PAGE, state, str: str || undefined }),
    refetchInterval: (q) => (live && q.state.status !== 'error' ? LIVE_MS : false),
  });
  const remove = useApiMutation('task/notAssignToDevice', {
    invalidates: TASK_READS,
    success: (d) => t('firmware.task.removed', { removed: d.removed, cancelled: d.cancelled, kept: d.kept }),
  });
  if (q.isError)
    return (
      <Result
        status="warning"
        title={t('kit.loadFailed')}
        subTitle={q.error.message}
        extra={<Button onClick={() => void q.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  return (
    <div data-testid="task-devices">
      <Space wrap style={{ marginBottom: 8 }}>
        <Input.Search
          allowClear
          placeholder={t('firmware.task.searchDevice')}
          aria-label={t('firmware.task.searchDevice')}
          onSearch={(v) => {
            setStr(v.trim());
            setPageNum(1);
          }}
          style={{ width: 220 }}
          data-testid="task-devices-search"
        />
        <Select
          allowClear
          placeholder={t('firmware.task.deliveryState')}
          aria-label={t('firmware.task.deliveryState')}
          style={{ width: 160 }}
          value={state}
          onChange={(v) => {
            setState(v);
            setPageNum(1);
          }}
          options={DELIVERY_STATES.map((s) => ({ value: s, label: t(`firmware.task.delivery.${s}`) }))}
          data-testid="task-devices-state"
        />
      </Space>
      <Table
        size="small"
        rowKey="deviceId"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        scroll={{ x: 990 }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('firmware.task.noDevices')} />,
        }}
        pagination={{
          current: pageNum,
          pageSize: PAGE,
          total: q.data?.total ?? 0,
          onChange: setPageNum,
          size: 'small',
        }}
        columns={[
          {
            key: 'deviceId',
            title: t('firmware.terminal.deviceId'),
            width: 180,
            fixed: 'left',
            render: (_: unknown, d) => (
              <Link
                to={HISTORY_DIALOG}
                search={{ deviceId: d.deviceId } as never}
                data-testid={`task-device-${d.deviceId}`}
              >
                <span translate="no">{d.deviceId}</span>
              </Link>
            ),
          },
          { key: 'version', title: t('firmware.terminal.firmwareVersion'), width: 120, dataIndex: 'firmwareVersion' },
          {
            key: 'stage',
            title: t('firmware.preview.group'),
            width: 80,
            render: (_: unknown, d) => (d.stage >= 0 ? d.stage + 1 : '—'),
          },
          {
            key: 'state',
            title: t('firmware.task.deliveryState'),
            width: 130,
            render: (_: unknown, d) => (
              <span>
                <DeliveryStateTag state={d.state} testId={`task-device-state-${d.deviceId}`} />
                {d.excludeReason ? t(`firmware.task.exclude.${d.excludeReason}`) : ''}
              </span>
            ),
          },
          {
            key: 'successBy',
            title: <SuccessByTitle />,
            width: 170,
            render: (_: unknown, d) => <SuccessBy by={d.successBy} testId={`task-device-success-by-${d.deviceId}`} />,
          },
          { key: 'attempts', title: t('firmware.task.attempts'), width: 80, dataIndex: 'attempts' },
          {
            key: 'error',
            title: t('firmware.upgrade.errorCode'),
            width: 100,
            render: (_: unknown, d) => d.errorCode || '—',
          },
          {
            key: 'online',
            title: t('firmware.terminal.state'),
            width: 90,
            render: (_: unknown, d) => <OnlineState online={d.online} />,
          },
          {
            key: 'time',
            title: t('firmware.upgrade.time'),
            width: 150,
            render: (_: unknown, d) => formatTime(d.updateTime),
          },
          ...(canRemove
            ? [
                {
                  key: 'remove',
                  title: t('common.actions'),
                  width: 90,
                  render: (_: unknown, d: { deviceId: string }) => (
                    <ConfirmAction
                      title={t('firmware.task.removeConfirm', { deviceId: d.deviceId })}
                      description={t('firmware.task.removeHelp')}
                      onConfirm={() => remove({ id, deviceIdList: [d.deviceId] })}
                      buttonProps={{ size: 'small', 'data-testid': `task-remove-${d.deviceId}` } as never}
                    >
                      {t('firmware.task.remove')}
                    </ConfirmAction>
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
