import { BUSINESSES, type Business } from '@keel/contract/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import List from 'antd/es/list';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/client';
import { scopedQuery } from '../../shared/api/query';
import { formatTime } from '../../shared/format/time';
import { useSession } from '../../shared/session/session-store';
import { toast } from '../../shared/toast/toast-store';
import { platformCall } from './api';

export interface PropertyAuthorizedDialogProps {
  open: boolean;
  onClose: () => void;
  pno: string;
  /** `platform`: the operator authorises businesses; `property`: its administrators switch authorised ones off and on. */
  scope: 'platform' | 'property';
  /** Property scope without `account.property.business`: show the state only. */
  readOnly?: boolean;
}

/**
 * `/Account/PropertyAuthorizedDlg`: the property's businesses (`pro/getBusinessStatusList`). Operators tick the
 * authorised ones (`pro/authPropertyBusiness`); the property's administrators switch authorised ones off and on
 * (`pro/setBusinessDisable`).
 */
export function PropertyAuthorizedDialog({ open, onClose, pno, scope, readOnly }: PropertyAuthorizedDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({
    ...scopedQuery('pro/getBusinessStatusList', scope === 'platform' ? { pno } : {}, scope),
    enabled: open && pno !== '',
  });
  const [checked, setChecked] = useState<Business[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    if (status.data) setChecked(status.data.filter((b) => b.authorised === 1).map((b) => b.business));
  }, [status.data]);

  const refresh = () => queryClient.invalidateQueries();

  const saveAuthorised = async () => {
    setBusy('save');
    try {
      const { added, removed } = await platformCall('pro/authPropertyBusiness', { pno, businessList: checked });
      toast.success(t('account.business.authorised', { added: added.length, removed: removed.length }));
      await refresh();
      onClose();
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(null);
    }
  };

  const toggle = async (business: Business, on: boolean) => {
    setBusy(business);
    try {
      await api('pro/setBusinessDisable', { business, disabled: on ? 0 : 1 });
      toast.success(t(on ? 'account.business.switchedOn' : 'account.business.switchedOff'));
      await refresh();
      await refreshMenus();
    } catch {
      // reported by the client
    } finally {
      setBusy(null);
    }
  };

  const rows = status.data ?? [];
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={scope === 'platform' ? t('account.business.authTitle', { pno }) : t('account.business.title')}
      destroyOnHidden
      data-testid="property-authorized-dialog"
      footer={
        scope === 'platform'
          ? [
              <Button key="cancel" onClick={onClose}>
                {t('kit.cancel')}
              </Button>,
              <Button
                key="ok"
                type="primary"
                loading={busy === 'save'}
                disabled={!status.data}
                data-testid="business-save"
                onClick={() => void saveAuthorised()}
              >
                {t('kit.ok')}
              </Button>,
            ]
          : [
              <Button key="close" onClick={onClose} data-testid="business-close">
                {t('account.business.close')}
              </Button>,
            ]
      }
    >
      {status.isLoading && <Skeleton active />}
      {status.isError && (
        <Alert
          type="error"
          showIcon
          title={t('kit.loadFailed')}
          action={<Button onClick={() => void status.refetch()}>{t('kit.retry')}</Button>}
        />
      )}
      {status.data && (
        <>
          <Typography.Paragraph type="secondary">
            {scope === 'platform' ? t('account.business.authHelp') : t('account.business.switchHelp')}
          </Typography.Paragraph>
          <List
            size="small"
            dataSource={BUSINESSES.map((b) => rows.find((r) => r.business === b)).filter((r) => r !== undefined)}
            renderItem={(row) => {
              const name = t(`common.businesses.${row.business}`);
              const state =
                row.authorised === 0 ? (
                  <Tag>{t('account.business.notAuthorised')}</Tag>
                ) : row.disabled === 1 ? (
                  <Tag color="orange">{t('account.business.off')}</Tag>
                ) : (
                  <Tag color="green">{t('account.business.on')}</Tag>
                );
              return (
                <List.Item
                  data-testid={`business-${row.business}`}
                  extra={
                    scope === 'property' && row.authorised === 1 ? (
                      <Switch
                        checked={row.disabled === 0}
                        loading={busy === row.business}
                        disabled={readOnly || (busy !== null && busy !== row.business)}
                        aria-label={name}
                        data-testid={`business-switch-${row.business}`}
                        onChange={(on) => void toggle(row.business, on)}
                      />
                    ) : undefined
                  }
                >
                  <List.Item.Meta
                    title={
                      scope === 'platform' ? (
                        <Checkbox
                          checked={checked.includes(row.business)}
                          data-testid={`business-check-${row.business}`}
                          onChange={(e) =>
                            setChecked((list) =>
                              e.target.checked ? [...list, row.business] : list.filter((b) => b !== row.business),
                            )
                          }
                        >
                          {name}
                        </Checkbox>
                      ) : (
                        name
                      )
                    }
                    description={
                      <>
                        {state}
                        {row.authoriseTime ? (
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            {t('account.business.since', { time: formatTime(row.authoriseTime) })}
                          </Typography.Text>
                        ) : null}
                      </>
                    }
                  />
                </List.Item>
              );
            }}
          />
        </>
      )}
    </Modal>
  );
}

/** Menus follow the enabled businesses: refetch the menu ids of the selected property. */
async function refreshMenus() {
  const { selectedProperty, selectProperty } = useSession.getState();
  if (selectedProperty) await selectProperty(selectedProperty);
}
