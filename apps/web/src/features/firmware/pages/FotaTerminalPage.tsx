import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import InfoCircleOutlined from '@ant-design/icons/InfoCircleOutlined';
import NodeIndexOutlined from '@ant-design/icons/NodeIndexOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { DeviceItem } from '@keel/contract/endpoints/device';
import { FIRMWARE_TASK_PERMISSIONS } from '@keel/contract/endpoints/firmware-task';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { type ColumnSpec, DataTable } from '../../../shared/admin-kit/DataTable';
import type { TableParams } from '../../../shared/admin-kit/table-params';
import { apiQuery } from '../../../shared/api/query';
import { useSearchRecord } from '../../../shared/api/search-of';
import { formatTime } from '../../../shared/format/time';
import { useSession } from '../../../shared/session/session-store';
import { DEVICE_EDIT, NEW_TERMINAL_DIALOG, TERMINAL_INFO_DIALOG, useCan } from '../api';
import { OnlineState, VersionText } from '../components/UpgradeBits';
import { ASSIGN_TO_TERMINAL_DIALOG, HISTORY_DIALOG } from '../tasks/routes';

const text = (v?: string) => (v ? v : undefined);

/** The device list call's input from the table's page, size and filters: one page at a time, counted by the server. */
function listInput(params: TableParams) {
  const f = params.filters;
  return {
    pageNum: params.pageNum,
    pageSize: params.pageSize,
    str: text(f.str),
    model: text(f.model),
    online: text(f.online) as never,
  };
}

/**
 * `/fota/FotaTerminalPage`: the property's devices as firmware sees them — id, name, model, the firmware and app
 * versions they report, online state, last seen — filtered by id/name, model and online state and paged by the
 * device list call itself (`di/getAllDeviceList`). A device opens `FotaTerminalInfoDialog` (its upgrade records and
 * the versions it can upgrade to); with the device function, "New terminal" registers one (`NewFotaTerminalDialog`).
 */
export function FotaTerminalPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearchRecord();
  const pno = useSession((s) => s.selectedPropertyPno);
  const canRegister = useCan(DEVICE_EDIT);
  const canTasks = useCan(FIRMWARE_TASK_PERMISSIONS.task);
  const canAssign = useCan(FIRMWARE_TASK_PERMISSIONS.taskEdit);
  const filters = useQuery({ ...apiQuery('di/getDeviceFilterList', {}), enabled: !!pno });
  const models = (filters.data?.modelList ?? []).map((m) => ({ value: m.modelId, label: m.name }));
  const yesNo = [
    { value: '1', label: t('firmware.terminal.online') },
    { value: '0', label: t('firmware.terminal.offline') },
  ];
  const info = (deviceId: string) => ({ ...search, deviceId }) as never;

  const columns: ColumnSpec<DeviceItem>[] = [
    {
      key: 'str',
      title: t('firmware.terminal.deviceId'),
      filter: true,
      pinned: true,
      width: 190,
      render: (d) => (
        <Link to={TERMINAL_INFO_DIALOG} search={info(d.deviceId)} data-testid={`fw-device-${d.deviceId}`}>
          <span translate="no">{d.deviceId}</span>
        </Link>
      ),
    },
    { key: 'name', title: t('firmware.terminal.name'), width: 150, render: (d) => d.name || '—' },
    {
      key: 'model',
      title: t('firmware.terminal.model'),
      width: 150,
      filter: models,
      render: (d) => d.modelName ?? '—',
    },
    {
      key: 'firmwareVersion',
      title: t('firmware.terminal.firmwareVersion'),
      width: 130,
      render: (d) => (
        <span data-testid={`fw-version-${d.deviceId}`}>
          <VersionText version={d.firmwareVersion} />
        </span>
      ),
    },
    {
      key: 'appVersion',
      title: t('firmware.terminal.appVersion'),
      width: 120,
      render: (d) => <VersionText version={d.appVersion} />,
    },
    {
      key: 'online',
      title: t('firmware.terminal.state'),
      width: 100,
      filter: yesNo,
      render: (d) => <OnlineState online={d.online} testId={`fw-online-${d.deviceId}`} />,
    },
    { key: 'lastSeen', title: t('firmware.terminal.lastSeen'), width: 150, render: (d) => formatTime(d.lastSeenTime) },
    {
      key: 'action',
      title: t('common.actions'),
      width: 120,
      wrap: true,
      render: (d) => (
        <span style={{ display: 'inline-flex', gap: 4 }}>
          <Button
            size="small"
            icon={<InfoCircleOutlined />}
            aria-label={t('firmware.terminal.infoOf', { deviceId: d.deviceId })}
            title={t('firmware.terminal.info')}
            data-testid={`fw-info-${d.deviceId}`}
            onClick={() => void navigate({ to: TERMINAL_INFO_DIALOG, search: info(d.deviceId) })}
          />
          {canTasks && (
            <Button
              size="small"
              icon={<HistoryOutlined />}
              aria-label={t('firmware.history.title', { deviceId: d.deviceId })}
              title={t('firmware.terminal.history')}
              data-testid={`fw-history-${d.deviceId}`}
              onClick={() => void navigate({ to: HISTORY_DIALOG, search: info(d.deviceId) })}
            />
          )}
          {canAssign && (
            <Button
              size="small"
              icon={<NodeIndexOutlined />}
              aria-label={t('firmware.assign.toTerminal', { deviceId: d.deviceId })}
              title={t('firmware.terminal.toTask')}
              data-testid={`fw-to-task-${d.deviceId}`}
              onClick={() => void navigate({ to: ASSIGN_TO_TERMINAL_DIALOG, search: info(d.deviceId) })}
            />
          )}
        </span>
      ),
    },
  ];

  return (
    <Card
      title={t('firmware.terminal.title')}
      data-testid="fota-terminal-page"
      extra={
        canRegister && pno ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="fw-terminal-create"
            onClick={() => void navigate({ to: NEW_TERMINAL_DIALOG, search: search as never })}
          >
            {t('firmware.terminal.create')}
          </Button>
        ) : undefined
      }
    >
      {pno ? (
        <>
          <Typography.Paragraph type="secondary">{t('firmware.terminal.help')}</Typography.Paragraph>
          <DataTable
            testId="fw-terminal-table"
            rowKey="deviceId"
            query={(params) => apiQuery('di/getAllDeviceList', listInput(params))}
            columns={columns}
          />
        </>
      ) : (
        <Empty description={t('firmware.noProperty')} />
      )}
    </Card>
  );
}
