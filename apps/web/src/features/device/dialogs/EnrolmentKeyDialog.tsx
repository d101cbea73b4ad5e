import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { apiQuery } from '../../../shared/api/query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { useSession } from '../../../shared/session/session-store';
import { SecretDialog } from './SecretDialog';

/**
 * The selected property's enrolment key: devices present it as hawkBit's `GatewayToken` (or as Mender's tenant
 * token) and, when unknown, enrol themselves and wait for admission. Issue or rotate it (shown once), or switch self-enrolment off.
 */
export function EnrolmentKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const pno = useSession((s) => s.selectedPropertyPno) ?? '';
  const info = useQuery({ ...apiQuery('di/getEnrolmentKeyInfo', {}), enabled: open });
  const [key, setKey] = useState<string | null>(null);
  const reset = useApiMutation('di/resetEnrolmentKey', {
    invalidates: ['di/getEnrolmentKeyInfo'],
    onSuccess: (data) => setKey(data.key),
  });
  const disable = useApiMutation('di/disableEnrolmentKey', {
    invalidates: ['di/getEnrolmentKeyInfo'],
    success: () => t('device.enrolment.disabled'),
  });
  const enabled = info.data?.enabled === 1;
  const url = `${window.location.origin}/${pno}/controller/v1/<${t('device.fields.deviceId')}>`;

  return (
    <>
      <Modal
        open={open && key === null}
        title={t('device.enrolment.title')}
        onCancel={onClose}
        footer={<Button onClick={onClose}>{t('device.secret.done')}</Button>}
        destroyOnHidden
        data-testid="enrolment-dialog"
      >
        <Typography.Paragraph type="secondary">{t('device.enrolment.help')}</Typography.Paragraph>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('device.enrolment.state')}>
            <Tag color={enabled ? 'green' : 'default'} bordered={false} data-testid="enrolment-state">
              {enabled ? t('device.enrolment.on') : t('device.enrolment.off')}
            </Tag>
            {enabled && info.data?.hint && (
              <Typography.Text type="secondary">{t('device.enrolment.hint', { hint: info.data.hint })}</Typography.Text>
            )}
          </Descriptions.Item>
          {enabled && (
            <Descriptions.Item label={t('device.enrolment.created')}>
              {formatTime(info.data?.createTime ?? null)}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('device.enrolment.url')}>
            <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
              {url}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('device.enrolment.poll')}>{info.data?.pollSleep ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('device.enrolment.menderUrl')}>
            <Typography.Text code copyable style={{ wordBreak: 'break-all' }} data-testid="enrolment-mender-url">
              {window.location.origin}
            </Typography.Text>
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
              {t('device.enrolment.menderHelp')}
            </Typography.Paragraph>
          </Descriptions.Item>
        </Descriptions>
        <Space style={{ marginTop: 16 }} wrap>
          {enabled ? (
            <ConfirmAction
              danger={false}
              title={t('device.enrolment.rotateConfirm')}
              onConfirm={() => reset({})}
              buttonProps={{ type: 'primary', 'data-testid': 'enrolment-rotate' } as never}
            >
              {t('device.enrolment.rotate')}
            </ConfirmAction>
          ) : (
            <Button type="primary" onClick={() => void reset({})} data-testid="enrolment-enable">
              {t('device.enrolment.enable')}
            </Button>
          )}
          {enabled && (
            <ConfirmAction
              title={t('device.enrolment.disableConfirm')}
              onConfirm={() => disable({})}
              buttonProps={{ 'data-testid': 'enrolment-disable' } as never}
            >
              {t('device.enrolment.disable')}
            </ConfirmAction>
          )}
        </Space>
      </Modal>
      <SecretDialog secret={key} title={t('device.enrolment.keyTitle')} onClose={() => setKey(null)}>
        <Typography.Paragraph type="secondary">{t('device.enrolment.keyUse')}</Typography.Paragraph>
      </SecretDialog>
    </>
  );
}
