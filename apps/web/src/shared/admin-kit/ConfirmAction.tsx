import Button, { type ButtonProps } from 'antd/es/button';
import Popconfirm, { type PopconfirmProps } from 'antd/es/popconfirm';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A button that asks before running a destructive action; the button spins while the action runs. */
export function ConfirmAction({
  children,
  title,
  description,
  onConfirm,
  danger = true,
  buttonProps,
  placement,
}: {
  children: ReactNode;
  title?: ReactNode;
  description?: ReactNode;
  onConfirm: () => Promise<unknown> | unknown;
  danger?: boolean;
  buttonProps?: ButtonProps;
  /** Where the question opens (antd's default is above): below for a button near the top of the page. */
  placement?: PopconfirmProps['placement'];
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Popconfirm
      placement={placement}
      title={title ?? t('kit.confirmTitle')}
      description={description}
      okText={t('kit.confirm')}
      cancelText={t('kit.cancel')}
      okButtonProps={{ danger, 'data-testid': 'confirm-ok' } as ButtonProps}
      onConfirm={async () => {
        setBusy(true);
        try {
          await onConfirm();
        } finally {
          setBusy(false);
        }
      }}
    >
      <Button danger={danger} loading={busy} {...buttonProps}>
        {children}
      </Button>
    </Popconfirm>
  );
}
