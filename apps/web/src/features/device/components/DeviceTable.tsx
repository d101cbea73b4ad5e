import ApiOutlined from '@ant-design/icons/ApiOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import FieldTimeOutlined from '@ant-design/icons/FieldTimeOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import UsergroupAddOutlined from '@ant-design/icons/UsergroupAddOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { type ColumnSpec, DataTable } from '../../../shared/admin-kit/DataTable';
import type { TableParams } from '../../../shared/admin-kit/table-params';
import { apiQuery, platformQuery } from '../../../shared/api/query';
import { useSearchRecord } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { PropertySelect } from '../../../shared/pickers/PropertySelect';
import { useSession } from '../../../shared/session/session-store';
import { DEVICE_PERMISSIONS, DEVICE_READS, type DeviceItem, ddiUrl, detailPath, useCan } from '../api';
import { BatchBindDialog } from '../dialogs/BatchBindDialog';
import { BindDialog } from '../dialogs/BindDialog';
import { DeviceFormDialog } from '../dialogs/DeviceFormDialog';
import { EnrolmentKeyDialog } from '../dialogs/EnrolmentKeyDialog';
import { PollBoundsDialog } from '../dialogs/PollBoundsDialog';
import { PollSettingsDialog } from '../dialogs/PollSettingsDialog';
import { SecretDialog } from '../dialogs/SecretDialog';
import { AdmissionTag, OnlineBadge } from './DeviceStatus';

/** property: the selected property's devices; platform: the back office's, every property; my: the user's own. */
export type DeviceListMode = 'property' | 'platform' | 'my';

type Dialog =
  | { kind: 'register' }
  | { kind: 'edit'; device: DeviceItem }
  | { kind: 'bind'; device: DeviceItem }
  | { kind: 'batch' }
  | { kind: 'enrolment' }
  | { kind: 'poll' }
  | null;

const text = (v?: string) => (v ? v : undefined);

/** The list call's input from the table's page, size and filters. */
function listInput(params: TableParams) {
  const f = params.filters;
  return {
    pageNum: params.pageNum,
    pageSize: params.pageSize,
    str: text(f.str),
    label: text(f.label),
    model: text(f.model),
    osType: text(f.osType) as never,
    admission: text(f.admission) as never,
    online: text(f.online) as never,
    mockup: text(f.mockup) as never,
  };
}

/**
 * The device list of the terminal pages: filters in the URL (the columns double as filters), each device linking
 * to its detail page, and, as the caller's permissions allow, registration, the enrolment key, admission,
 * binding (one or many), edits and removal. The back office lists every property's devices with a property filter.
 */
export function DeviceTable({ mode }: { mode: DeviceListMode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearchRecord();
  const scope = mode === 'platform' ? 'platform' : 'property';
  const managing = mode === 'property';
  const mayEdit = useCan(DEVICE_PERMISSIONS.edit);
  const mayAdmit = useCan(DEVICE_PERMISSIONS.admit);
  const mayBind = useCan(DEVICE_PERMISSIONS.bind, scope);
  const canEdit = managing && mayEdit;
  const canAdmit = managing && mayAdmit;
  const canBind = mode !== 'my' && mayBind;
  const pno = useSession((s) => s.selectedPropertyPno);
  const filterPno = mode === 'platform' && typeof search.filterPno === 'string' ? search.filterPno : undefined;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [issued, setIssued] = useState<{ deviceId: string; credential: string; pno?: string } | null>(null);

  const filterList = useQuery({
    ...(mode === 'platform'
      ? platformQuery('di/getDeviceFilterList', { filterPno })
      : apiQuery('di/getDeviceFilterList', {})),
    enabled: mode !== 'my',
  });

  const admit = useApiMutation('di/admitDevice', {
    invalidates: DEVICE_READS,
    success: (data, input) =>
      input.accept === 1
        ? t('device.admit.accepted', { count: data.changed })
        : t('device.admit.rejected', { count: data.changed }),
    onSuccess: () => setSelected([]),
  });
  const unbind = useApiMutation('db/unbindDevice', {
    scope,
    invalidates: DEVICE_READS,
    success: (data) => t('device.bind.unbound', { count: data.unbound }),
    onSuccess: () => setSelected([]),
  });
  const remove = useApiMutation('di/delDevice', {
    invalidates: DEVICE_READS,
    success: (data) => t('device.form.deleted', { count: data.removed }),
    onSuccess: () => setSelected([]),
  });

  const models = (filterList.data?.modelList ?? []).map((m) => ({ value: m.modelId, label: m.name }));
  const osTypes = (filterList.data?.osTypeList ?? []).map((o) => ({ value: o.osType, label: o.name }));
  const yesNo = [
    { value: '1', label: t('common.yes') },
    { value: '0', label: t('common.no') },
  ];

  const columns: ColumnSpec<DeviceItem>[] = [
    {
      key: 'str',
      title: t('device.fields.deviceId'),
      filter: true,
      pinned: true,
      width: 200,
      render: (d) => (
        <Link
          to={detailPath(scope)}
          search={{ deviceId: d.deviceId } as never}
          data-testid={`device-link-${d.deviceId}`}
        >
          {d.deviceId}
        </Link>
      ),
    },
    { key: 'name', title: t('device.fields.name'), render: (d) => d.name || '—' },
    ...(mode !== 'property'
      ? [
          {
            key: 'property',
            title: t('device.fields.property'),
            render: (d: DeviceItem) => (
              <span>
                {d.propertyName}
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {d.pno}
                </Typography.Text>
              </span>
            ),
          },
        ]
      : []),
    {
      key: 'model',
      title: t('device.fields.model'),
      filter: mode === 'my' ? undefined : models,
      render: (d) => d.modelName ?? '—',
    },
    {
      key: 'osType',
      title: t('device.fields.osType'),
      width: 130,
      filter: mode === 'my' ? undefined : osTypes,
      render: (d) => t(`device.os.${d.osType}`),
    },
    {
      key: 'label',
      title: t('device.fields.label'),
      width: 120,
      filter: mode === 'my' ? undefined : true,
      render: (d) => d.label || '—',
    },
    ...(mode !== 'my'
      ? [
          {
            key: 'user',
            title: t('device.fields.user'),
            render: (d: DeviceItem) => (d.uid ? `${d.userName ?? ''} ${d.userPhoneNum ?? ''}`.trim() : '—'),
          },
          {
            key: 'admission',
            title: t('device.fields.admission'),
            width: 110,
            filter: (['pending', 'accepted', 'rejected'] as const).map((a) => ({
              value: a,
              label: t(`device.admission.${a}`),
            })),
            render: (d: DeviceItem) => <AdmissionTag device={d} />,
          },
          {
            key: 'mockup',
            title: t('device.fields.mockup'),
            width: 90,
            filter: yesNo,
            render: (d: DeviceItem) => (d.mockup ? t('common.yes') : t('common.no')),
          },
        ]
      : []),
    {
      key: 'online',
      title: t('device.fields.online'),
      width: 110,
      filter: mode === 'my' ? undefined : yesNo,
      render: (d) => <OnlineBadge device={d} />,
    },
    {
      key: 'firmwareVersion',
      title: t('device.fields.firmwareVersion'),
      width: 130,
      render: (d) => d.firmwareVersion || '—',
    },
    { key: 'lastSeen', title: t('device.fields.lastSeen'), width: 150, render: (d) => formatTime(d.lastSeenTime) },
  ];
  if (canEdit || canAdmit || canBind) {
    columns.push({
      key: 'action',
      title: t('common.actions'),
      width: 230,
      wrap: true,
      render: (d) => (
        <Space size={4} wrap>
          {canAdmit && d.admission !== 'accepted' && (
            <Button
              size="small"
              type="primary"
              ghost
              onClick={() => void admit({ deviceIdList: [d.deviceId], accept: 1 })}
              data-testid={`accept-${d.deviceId}`}
            >
              {t('device.admit.accept')}
            </Button>
          )}
          {canAdmit && d.admission === 'pending' && (
            <ConfirmAction
              title={t('device.admit.rejectConfirm', { deviceId: d.deviceId })}
              onConfirm={() => admit({ deviceIdList: [d.deviceId], accept: 0 })}
              buttonProps={{ size: 'small', 'data-testid': `reject-${d.deviceId}` } as never}
            >
              {t('device.admit.reject')}
            </ConfirmAction>
          )}
          {canBind && !d.uid && (
            <Button
              size="small"
              icon={<LinkOutlined />}
              onClick={() => setDialog({ kind: 'bind', device: d })}
              data-testid={`bind-${d.deviceId}`}
            >
              {t('device.bind.bind')}
            </Button>
          )}
          {canBind && d.uid && (
            <ConfirmAction
              danger={false}
              title={t('device.bind.unbindConfirm', { deviceId: d.deviceId })}
              onConfirm={() => unbind({ deviceIdList: [d.deviceId] })}
              buttonProps={{ size: 'small', 'data-testid': `unbind-${d.deviceId}` } as never}
            >
              {t('device.bind.unbind')}
            </ConfirmAction>
          )}
          {canEdit && (
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={t('device.form.edit')}
              onClick={() => setDialog({ kind: 'edit', device: d })}
              data-testid={`edit-${d.deviceId}`}
            />
          )}
          {canEdit && (
            <ConfirmAction
              title={t('device.form.deleteConfirm', { deviceId: d.deviceId })}
              description={t('device.form.deleteHelp')}
              onConfirm={() => remove({ deviceIdList: [d.deviceId] })}
              buttonProps={
                {
                  size: 'small',
                  icon: <DeleteOutlined />,
                  'aria-label': t('device.form.delete'),
                  'data-testid': `delete-${d.deviceId}`,
                } as never
              }
            >
              {null}
            </ConfirmAction>
          )}
        </Space>
      ),
    });
  }

  const batchActions = (
    <Space size={4} wrap>
      {canAdmit && (
        <Button
          size="small"
          onClick={() => void admit({ deviceIdList: selected, accept: 1 })}
          data-testid="batch-accept"
        >
          {t('device.admit.accept')}
        </Button>
      )}
      {canBind && (
        <Button size="small" onClick={() => void unbind({ deviceIdList: selected })} data-testid="batch-unbind">
          {t('device.bind.unbind')}
        </Button>
      )}
      {canEdit && (
        <ConfirmAction
          title={t('device.form.deleteMany', { count: selected.length })}
          description={t('device.form.deleteHelp')}
          onConfirm={() => remove({ deviceIdList: selected })}
          buttonProps={{ size: 'small', 'data-testid': 'batch-delete' } as never}
        >
          {t('device.form.delete')}
        </ConfirmAction>
      )}
    </Space>
  );

  return (
    <div data-testid={`device-table-${mode}`}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        {mode === 'platform' ? (
          <PropertySelect
            value={filterPno}
            onChange={(next) =>
              void navigate({
                to: '.',
                search: { ...search, filterPno: next, pageNum: undefined } as never,
                replace: true,
              })
            }
            testId="filter-property"
          />
        ) : (
          <Typography.Text type="secondary">
            {mode === 'my' ? t('device.list.myHelp') : t('device.list.help')}
          </Typography.Text>
        )}
        <Space wrap>
          {canAdmit && (
            <Button
              icon={<ApiOutlined />}
              onClick={() => setDialog({ kind: 'enrolment' })}
              data-testid="open-enrolment"
            >
              {t('device.enrolment.title')}
            </Button>
          )}
          {(canEdit || mode === 'platform') && (
            <Button
              icon={<FieldTimeOutlined />}
              onClick={() => setDialog({ kind: 'poll' })}
              data-testid="open-poll-settings"
            >
              {mode === 'platform' ? t('device.poll.boundsTitle') : t('device.poll.title')}
            </Button>
          )}
          {canBind && (
            <Button
              icon={<UsergroupAddOutlined />}
              onClick={() =>
                mode === 'platform'
                  ? void navigate({ to: '/Tis/Terminal/BackTerminalBatchBindDlg', search: search as never })
                  : setDialog({ kind: 'batch' })
              }
              data-testid="open-batch-bind"
            >
              {t('device.batch.title')}
            </Button>
          )}
          {canEdit && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDialog({ kind: 'register' })}
              data-testid="register-device"
            >
              {t('device.form.registerTitle')}
            </Button>
          )}
        </Space>
      </Space>
      <DataTable
        testId="device-table"
        rowKey="deviceId"
        query={(params) =>
          mode === 'my'
            ? apiQuery('di/getMyDeviceList', {
                pageNum: params.pageNum,
                pageSize: params.pageSize,
                str: text(params.filters.str),
              })
            : mode === 'platform'
              ? platformQuery('di/getAllDeviceList', { ...listInput(params), filterPno })
              : apiQuery('di/getAllDeviceList', listInput(params))
        }
        columns={columns}
        selection={
          managing && (canEdit || canAdmit || canBind)
            ? { keys: selected, onChange: setSelected, actions: batchActions }
            : undefined
        }
      />
      <DeviceFormDialog
        open={dialog?.kind === 'register' || dialog?.kind === 'edit'}
        device={dialog?.kind === 'edit' ? dialog.device : undefined}
        onClose={() => setDialog(null)}
        onRegistered={(deviceId, credential) => setIssued({ deviceId, credential, pno: pno ?? undefined })}
      />
      <BindDialog
        device={dialog?.kind === 'bind' ? dialog.device : null}
        scope={scope}
        onClose={() => setDialog(null)}
      />
      <BatchBindDialog open={dialog?.kind === 'batch'} scope={scope} onClose={() => setDialog(null)} />
      {canAdmit && <EnrolmentKeyDialog open={dialog?.kind === 'enrolment'} onClose={() => setDialog(null)} />}
      {canEdit && <PollSettingsDialog open={dialog?.kind === 'poll'} onClose={() => setDialog(null)} />}
      {mode === 'platform' && <PollBoundsDialog open={dialog?.kind === 'poll'} onClose={() => setDialog(null)} />}
      <CredentialDialog issued={issued} onClose={() => setIssued(null)} />
    </div>
  );
}

/** A device's credential, shown once, with where and how the device uses it. */
export function CredentialDialog({
  issued,
  onClose,
}: {
  issued: { deviceId: string; credential: string; pno?: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const pno = issued?.pno ?? '';
  return (
    <SecretDialog
      secret={issued?.credential ?? null}
      title={t('device.credential.title', { deviceId: issued?.deviceId ?? '' })}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{t('device.credential.use')}</Typography.Paragraph>
      {issued && pno && (
        <Typography.Paragraph code copyable style={{ wordBreak: 'break-all' }}>
          {ddiUrl(pno, issued.deviceId)}
        </Typography.Paragraph>
      )}
    </SecretDialog>
  );
}
