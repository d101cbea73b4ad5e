import Alert from 'antd/es/alert';
import type { ButtonProps } from 'antd/es/button';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Shows a secret the server hands out once — a device's credential, a property's enrolment key — with a copy
 * button and the warning that it will not be shown again.
 */
export function SecretDialog({
  secret,
  title,
  children,
  onClose,
}: {
  /** The secret; null closes the dialog. */
  secret: string | null;
  title: ReactNode;
  /** How to use it. */
  children?: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={secret !== null}
      title={title}
      onCancel={onClose}
      onOk={onClose}
      okText={t('device.secret.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      okButtonProps={{ 'data-testid': 'secret-done' } as ButtonProps}
      destroyOnHidden
      data-testid="secret-dialog"
    >
      <Alert type="warning" showIcon title={t('device.secret.once')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph
        copyable={{ text: secret ?? '', tooltips: [t('device.secret.copy'), t('device.secret.copied')] }}
        code
        style={{ wordBreak: 'break-all' }}
        data-testid="secret-value"
      >
        {secret}
      </Typography.Paragraph>
      {children}
    </Modal>
  );
}
