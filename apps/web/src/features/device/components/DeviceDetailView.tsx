import { deviceEndpoints } from '@keel/contract/endpoints/device';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { apiQuery, platformQuery } from '../../../shared/api/query';
import { useSearchOf } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { DEVICE_PERMISSIONS, DEVICE_READS, type DeviceDetail, ddiUrl, listPath, useCan } from '../api';
import { BindDialog } from '../dialogs/BindDialog';
import { DeviceFormDialog } from '../dialogs/DeviceFormDialog';
import { AdmissionTag, OnlineBadge } from './DeviceStatus';
import type { DeviceListMode } from './DeviceTable';
import { CredentialDialog } from './DeviceTable';
import { InstalledApps } from './InstalledApps';

const SEARCH = deviceEndpoints['di/getAnyDeviceInfo'].input;
/** The detail refreshes itself, so that its online state and last sighting stay current. */
const REFRESH_MS = 10_000;

/** Asks for a device id when the page was opened without one. */
function DevicePicker() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Space orientation="vertical" style={{ width: '100%', maxWidth: 420 }} data-testid="device-picker">
      <Typography.Text type="secondary">{t('device.detail.pick')}</Typography.Text>
      <Input.Search
        enterButton={t('kit.search')}
        aria-label={t('device.fields.deviceId')}
        data-testid="device-picker-input"
        onSearch={(value) => {
          if (value.trim()) void navigate({ to: '.', search: { deviceId: value.trim() } as never });
        }}
      />
    </Space>
  );
}

/**
 * A device with everything it reported (`/Tis/Terminal/TerminalDetail`, `BackTerminalDetail`,
 * `DeviceDetailComponent`; `?deviceId=`): registry fields, online state and last sighting, the reported inventory,
 * how it connects, and — as permissions allow — edits, credential reset, admission and binding.
 */
export function DeviceDetailView({ mode }: { mode: DeviceListMode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { deviceId } = useSearchOf(SEARCH);
  const scope = mode === 'platform' ? 'platform' : 'property';
  const managing = mode === 'property';
  const mayEdit = useCan(DEVICE_PERMISSIONS.edit);
  const mayAdmit = useCan(DEVICE_PERMISSIONS.admit);
  const mayBind = useCan(DEVICE_PERMISSIONS.bind, scope);
  const [dialog, setDialog] = useState<'edit' | 'bind' | null>(null);
  const [issued, setIssued] = useState<{ deviceId: string; credential: string; pno: string } | null>(null);
  const query = useQuery({
    ...(mode === 'my'
      ? apiQuery('di/getMyDeviceInfo', { deviceId: deviceId ?? '' })
      : mode === 'platform'
        ? platformQuery('di/getAnyDeviceInfo', { deviceId: deviceId ?? '' })
        : apiQuery('di/getAnyDeviceInfo', { deviceId: deviceId ?? '' })),
    enabled: deviceId !== undefined,
    refetchInterval: REFRESH_MS,
  });
  const reset = useApiMutation('di/resetDeviceCredential', {
    invalidates: DEVICE_READS,
    onSuccess: (data) => setIssued({ ...data, pno: query.data?.pno ?? '' }),
  });
  const admit = useApiMutation('di/admitDevice', {
    invalidates: DEVICE_READS,
    success: (_d, input) =>
      input.accept === 1 ? t('device.admit.accepted', { count: 1 }) : t('device.admit.rejected', { count: 1 }),
  });
  const admitKey = useApiMutation('di/admitDeviceKey', {
    invalidates: DEVICE_READS,
    success: (_d, input) => (input.accept === 1 ? t('device.menderKey.accepted') : t('device.menderKey.rejected')),
  });
  const unbind = useApiMutation('db/unbindDevice', {
    scope,
    invalidates: DEVICE_READS,
    success: (data) => t('device.bind.unbound', { count: data.unbound }),
  });
  const remove = useApiMutation('di/delDevice', {
    invalidates: DEVICE_READS,
    success: (data) => t('device.form.deleted', { count: data.removed }),
    onSuccess: () => void navigate({ to: listPath(scope) }),
  });

  if (deviceId === undefined) return <DevicePicker />;
  if (query.isLoading)
    return (
      <Skeleton active paragraph={{ rows: 8 }} aria-label={t('device.detail.loading')} data-testid="device-loading" />
    );
  const d: DeviceDetail | undefined = query.data;
  if (!d) {
    return (
      <Empty description={t('device.detail.notFound', { deviceId })} data-testid="device-not-found">
        <Link to={listPath(scope)}>{t('device.detail.backToList')}</Link>
      </Empty>
    );
  }

  const dash = (v: string | null | undefined) => (v ? v : '—');
  const attributes = Object.entries(d.attributes).map(([key, value]) => ({ key, value }));
  return (
    <div data-testid="device-detail" data-device-id={d.deviceId}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Space size={12} wrap>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="device-title">
            {d.name || d.deviceId}
          </Typography.Title>
          <OnlineBadge device={d} showTime />
          <AdmissionTag device={d} />
        </Space>
        <Space wrap>
          {managing && mayAdmit && d.admission !== 'accepted' && (
            <Button
              type="primary"
              onClick={() => void admit({ deviceIdList: [d.deviceId], accept: 1 })}
              data-testid="detail-accept"
            >
              {t('device.admit.accept')}
            </Button>
          )}
          {managing && mayAdmit && d.admission === 'pending' && (
            <ConfirmAction
              title={t('device.admit.rejectConfirm', { deviceId: d.deviceId })}
              onConfirm={() => admit({ deviceIdList: [d.deviceId], accept: 0 })}
              buttonProps={{ 'data-testid': 'detail-reject' } as never}
            >
              {t('device.admit.reject')}
            </ConfirmAction>
          )}
          {mode !== 'my' && mayBind && !d.uid && (
            <Button onClick={() => setDialog('bind')} data-testid="detail-bind">
              {t('device.bind.bind')}
            </Button>
          )}
          {mode !== 'my' && mayBind && d.uid && (
            <ConfirmAction
              danger={false}
              title={t('device.bind.unbindConfirm', { deviceId: d.deviceId })}
              onConfirm={() => unbind({ deviceIdList: [d.deviceId] })}
              buttonProps={{ 'data-testid': 'detail-unbind' } as never}
            >
              {t('device.bind.unbind')}
            </ConfirmAction>
          )}
          {managing && mayEdit && (
            <>
              <Button onClick={() => setDialog('edit')} data-testid="detail-edit">
                {t('device.form.edit')}
              </Button>
              <ConfirmAction
                danger={false}
                title={t('device.credential.resetConfirm')}
                description={t('device.credential.resetHelp')}
                onConfirm={() => reset({ deviceId: d.deviceId })}
                buttonProps={{ 'data-testid': 'detail-reset-credential' } as never}
              >
                {t('device.credential.reset')}
              </ConfirmAction>
              <ConfirmAction
                title={t('device.form.deleteConfirm', { deviceId: d.deviceId })}
                description={t('device.form.deleteHelp')}
                onConfirm={() => remove({ deviceIdList: [d.deviceId] })}
                buttonProps={{ 'data-testid': 'detail-delete' } as never}
              >
                {t('device.form.delete')}
              </ConfirmAction>
            </>
          )}
        </Space>
      </Space>

      {d.menderKey?.pending && mode !== 'my' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="device-new-key"
          title={t('device.menderKey.waiting', { time: formatTime(d.menderKey.pending.time, { seconds: true }) })}
          description={
            <>
              <Typography.Paragraph style={{ marginBottom: 4 }}>
                {t('device.menderKey.waitingHelp')}
              </Typography.Paragraph>
              <Typography.Paragraph>
                <Typography.Text code style={{ wordBreak: 'break-all' }} data-testid="device-new-key-fingerprint">
                  {d.menderKey.pending.fingerprint}
                </Typography.Text>
              </Typography.Paragraph>
              {managing && mayAdmit && (
                <Space wrap>
                  <ConfirmAction
                    danger={false}
                    title={t('device.menderKey.acceptConfirm')}
                    description={t('device.menderKey.acceptHelp')}
                    onConfirm={() => admitKey({ deviceId: d.deviceId, accept: 1 })}
                    buttonProps={{ type: 'primary', 'data-testid': 'device-new-key-accept' } as never}
                  >
                    {t('device.menderKey.accept')}
                  </ConfirmAction>
                  <ConfirmAction
                    title={t('device.menderKey.rejectConfirm')}
                    onConfirm={() => admitKey({ deviceId: d.deviceId, accept: 0 })}
                    buttonProps={{ 'data-testid': 'device-new-key-reject' } as never}
                  >
                    {t('device.menderKey.reject')}
                  </ConfirmAction>
                </Space>
              )}
            </>
          }
        />
      )}

      <Card size="small" title={t('device.detail.registry')} style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small" data-testid="device-fields">
          <Descriptions.Item label={t('device.fields.deviceId')}>
            <Typography.Text copyable>{d.deviceId}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('device.fields.name')}>{dash(d.name)}</Descriptions.Item>
          <Descriptions.Item label={t('device.fields.property')}>{`${d.propertyName} (${d.pno})`}</Descriptions.Item>
          <Descriptions.Item label={t('device.fields.model')}>{dash(d.modelName)}</Descriptions.Item>
          <Descriptions.Item label={t('device.catalogue.platform.label')}>{dash(d.platformName)}</Descriptions.Item>
          <Descriptions.Item label={t('device.catalogue.type.label')}>{dash(d.typeName)}</Descriptions.Item>
          <Descriptions.Item label={t('device.fields.osType')}>{t(`device.os.${d.osType}`)}</Descriptions.Item>
          <Descriptions.Item label={t('device.fields.business')}>
            {t(`common.businesses.${d.business}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('device.fields.label')}>{dash(d.label)}</Descriptions.Item>
          <Descriptions.Item label={t('device.fields.mockup')}>
            {d.mockup ? t('common.yes') : t('common.no')}
          </Descriptions.Item>
          <Descriptions.Item label={t('device.fields.sid')}>{dash(d.sid)}</Descriptions.Item>
          <Descriptions.Item label={t('device.fields.groupId')}>{dash(d.groupId)}</Descriptions.Item>
          <Descriptions.Item label={t('device.fields.user')}>
            <span data-testid="device-user">{d.uid ? `${d.userName ?? ''} ${d.userPhoneNum ?? ''}`.trim() : '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('device.detail.bindTime')}>{formatTime(d.bindTime)}</Descriptions.Item>
          <Descriptions.Item label={t('device.detail.enrolment')}>
            {t(`device.enrolmentKind.${d.enrolment}`)}
            {' · '}
            {d.hasCredential ? t('device.detail.ownCredential') : t('device.detail.gatewayKey')}
          </Descriptions.Item>
          {d.menderKey && (
            <Descriptions.Item label={t('device.menderKey.label')}>
              <Typography.Text code style={{ wordBreak: 'break-all' }} data-testid="device-key-fingerprint">
                {d.menderKey.fingerprint}
              </Typography.Text>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('device.detail.created')}>{formatTime(d.createTime)}</Descriptions.Item>
          <Descriptions.Item label={t('device.detail.firstSeen')}>
            {formatTime(d.firstSeenTime, { seconds: true })}
          </Descriptions.Item>
          <Descriptions.Item label={t('device.fields.lastSeen')}>
            <span data-testid="device-last-seen">{formatTime(d.lastSeenTime, { seconds: true })}</span>
            {d.lastAddress && <Typography.Text type="secondary">{` (${d.lastAddress})`}</Typography.Text>}
          </Descriptions.Item>
          <Descriptions.Item label={t('device.fields.firmwareVersion')}>
            <span data-testid="device-firmware">{dash(d.firmwareVersion)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('device.fields.appVersion')}>{dash(d.appVersion)}</Descriptions.Item>
          <Descriptions.Item label={t('device.fields.remark')}>{dash(d.remark)}</Descriptions.Item>
        </Descriptions>
      </Card>

      <Card
        size="small"
        title={t('device.detail.inventory')}
        extra={
          d.attributesTime !== null && (
            <Typography.Text type="secondary">
              {t('device.detail.reportedAt', { time: formatTime(d.attributesTime, { seconds: true }) })}
            </Typography.Text>
          )
        }
        style={{ marginBottom: 16 }}
      >
        {attributes.length === 0 ? (
          <Empty description={t('device.detail.noInventory')} data-testid="inventory-empty" />
        ) : (
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={attributes}
            data-testid="device-inventory"
            columns={[
              { key: 'key', title: t('device.detail.attribute'), dataIndex: 'key', width: 240 },
              { key: 'value', title: t('device.detail.value'), dataIndex: 'value' },
            ]}
          />
        )}
      </Card>

      {managing && <InstalledApps deviceId={d.deviceId} />}

      {mode !== 'my' && (
        <Card size="small" title={t('device.detail.connection')}>
          {d.admission === 'rejected' && (
            <Alert type="error" showIcon title={t('device.detail.rejectedHelp')} style={{ marginBottom: 12 }} />
          )}
          <Typography.Paragraph type="secondary">{t('device.detail.connectionHelp')}</Typography.Paragraph>
          <Typography.Paragraph code copyable style={{ wordBreak: 'break-all' }} data-testid="device-ddi-url">
            {ddiUrl(d.pno, d.deviceId)}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            {d.hasCredential ? t('device.detail.authTarget') : t('device.detail.authGateway')}
          </Typography.Paragraph>
          <Typography.Text type="secondary" data-testid="device-mender-help">
            {t('device.detail.menderHelp', { url: window.location.origin })}
          </Typography.Text>
        </Card>
      )}

      <DeviceFormDialog open={dialog === 'edit'} device={d} onClose={() => setDialog(null)} />
      <BindDialog device={dialog === 'bind' ? d : null} scope={scope} onClose={() => setDialog(null)} />
      <CredentialDialog issued={issued} onClose={() => setIssued(null)} />
    </div>
  );
}
