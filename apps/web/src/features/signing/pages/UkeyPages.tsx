import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import type { ColumnSpec } from '../../../shared/admin-kit/DataTable';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { apiQuery } from '../../../shared/api/query';
import { useSearchRecord } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { useSession } from '../../../shared/session/session-store';
import { useCan } from '../../../shared/session/use-can';
import { CERT_READS, GRANT_READS, P } from '../api';
import { ExpiryTag, GrantButton, GrantDialog, GrantPanel, PagedTable } from '../components';

interface UkeyRow {
  ukeyId: string;
  name: string;
  modulePath: string;
  serial: string;
  tokenLabel: string;
  online: number;
  certCount: number;
  authCount: number;
  remark: string;
}

function RegisterDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const slots = useQuery(apiQuery('uk/getPkcs11Slots', {}));
  const add = useApiMutation('uk/addUkey', {
    invalidates: GRANT_READS,
    success: (_d, i) => t('signing.ukey.registered', { name: i.name }),
  });
  const tokens = (slots.data ?? []).flatMap((m) =>
    m.tokens.map((tk) => ({
      value: `${m.modulePath}|${tk.serial}`,
      label: `${tk.label} · ${tk.serial} · ${t('signing.ukey.slot', { slot: tk.slot })} · ${m.modulePath}`,
    })),
  );
  return (
    <FormDialog<{ name: string; token: string; pin: string; remark?: string }>
      open
      title={t('signing.ukey.register')}
      testId="ukey-dialog"
      onClose={onClose}
      onSubmit={(v) => {
        const [modulePath, serial] = v.token.split('|') as [string, string];
        return add({ name: v.name, modulePath, serial, pin: v.pin, remark: v.remark ?? '' });
      }}
    >
      {slots.data?.length === 0 && <Empty description={t('signing.ukey.noModules')} />}
      {(slots.data ?? [])
        .filter((m) => m.error)
        .map((m) => (
          <Alert
            key={m.modulePath}
            type="warning"
            showIcon
            style={{ marginBottom: 12, wordBreak: 'break-all' }}
            message={t('signing.ukey.moduleError', { path: m.modulePath, error: m.error })}
          />
        ))}
      <Form.Item name="name" label={t('signing.ukey.name')} rules={[{ required: true, max: 60 }]}>
        <Input autoFocus data-testid="ukey-name" />
      </Form.Item>
      <Form.Item
        name="token"
        label={t('signing.ukey.token')}
        extra={t('signing.ukey.tokenHelp')}
        rules={[{ required: true }]}
      >
        <Select
          data-testid="ukey-token"
          loading={slots.isLoading}
          showSearch
          optionFilterProp="label"
          options={tokens}
          // Label, serial, slot and module path: wrapped rather than cut off on a narrow screen.
          optionRender={(o) => <div style={{ whiteSpace: 'normal', wordBreak: 'break-all' }}>{o.label}</div>}
          notFoundContent={slots.isLoading ? undefined : <Empty description={t('signing.ukey.noTokens')} />}
        />
      </Form.Item>
      <Form.Item name="pin" label={t('signing.ukey.pin')} rules={[{ required: true, max: 64 }]}>
        <Input.Password autoComplete="off" data-testid="ukey-pin" />
      </Form.Item>
      <Form.Item name="remark" label={t('signing.remark')} rules={[{ max: 200 }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
    </FormDialog>
  );
}

function AddCertDialog({ ukey, onClose }: { ukey: UkeyRow; onClose: () => void }) {
  const { t } = useTranslation();
  const keys = useQuery(apiQuery('uk/getUkeyKeyList', { ukeyId: ukey.ukeyId }));
  const add = useApiMutation('uk/addUkeyCert', {
    invalidates: [...CERT_READS, 'uk/getUkeyList'],
    success: () => t('signing.ukey.certAdded'),
  });
  return (
    <FormDialog<{ keyId: string; name: string; certificate: string }>
      open
      title={t('signing.ukey.addCertTo', { name: ukey.name })}
      testId="ukey-cert-dialog"
      onClose={onClose}
      onSubmit={(v) => add({ ukeyId: ukey.ukeyId, keyId: v.keyId, name: v.name, certificate: v.certificate })}
    >
      <Form.Item name="keyId" label={t('signing.ukey.key')} rules={[{ required: true }]}>
        <Select
          data-testid="ukey-key"
          loading={keys.isLoading}
          options={(keys.data ?? []).map((k) => ({
            value: k.keyId,
            label: `${k.label || k.keyId} · ${k.keyId} (${k.keyType})`,
          }))}
          notFoundContent={keys.isLoading ? undefined : <Empty description={t('signing.ukey.noKeys')} />}
        />
      </Form.Item>
      <Form.Item name="name" label={t('signing.cert.name')} rules={[{ required: true, max: 60 }]}>
        <Input data-testid="ukey-cert-name" />
      </Form.Item>
      <Form.Item
        name="certificate"
        label={t('signing.ukey.certPem')}
        extra={t('signing.ukey.certHelp')}
        rules={[{ required: true }]}
      >
        <Input.TextArea rows={6} style={{ fontFamily: 'monospace' }} data-testid="ukey-cert-pem" />
      </Form.Item>
    </FormDialog>
  );
}

/** `/ukey/UkeyManagePage`: USB keys and HSM tokens, their certificates and holders. */
export function UkeyManagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pno = useSession((s) => s.selectedPropertyPno);
  const canEdit = useCan(P.ukeyEdit);
  const [registering, setRegistering] = useState(false);
  const [addingCert, setAddingCert] = useState<UkeyRow | null>(null);
  const del = useApiMutation('uk/delUkey', {
    invalidates: [...GRANT_READS, ...CERT_READS],
    success: () => t('signing.ukey.deleted'),
  });
  if (!pno) return <Empty description={t('signing.noProperty')} />;
  const columns: ColumnSpec<UkeyRow>[] = [
    {
      key: 'str',
      title: t('signing.ukey.name'),
      filter: true,
      pinned: true,
      render: (k) => <b data-testid={`ukey-${k.name}`}>{k.name}</b>,
    },
    { key: 'tokenLabel', title: t('signing.ukey.token'), width: 200, render: (k) => `${k.tokenLabel} · ${k.serial}` },
    {
      key: 'online',
      title: t('signing.ukey.state'),
      width: 100,
      render: (k) =>
        k.online ? <Tag color="green">{t('signing.ukey.online')}</Tag> : <Tag>{t('signing.ukey.offline')}</Tag>,
    },
    { key: 'certCount', title: t('signing.ukey.certCount'), width: 100 },
    { key: 'authCount', title: t('signing.grant.count'), width: 100 },
    {
      key: 'action',
      title: t('common.actions'),
      width: 280,
      wrap: true,
      render: (k) => (
        <Space size={4} wrap>
          <Button
            size="small"
            data-testid={`ukey-holders-${k.name}`}
            onClick={() => void navigate({ to: '/ukey/UkeyAuthDialog', search: { ukeyId: k.ukeyId } as never })}
          >
            {t('signing.ukey.holders')}
          </Button>
          {canEdit && (
            <>
              <Button size="small" data-testid={`ukey-add-cert-${k.name}`} onClick={() => setAddingCert(k)}>
                {t('signing.ukey.addCert')}
              </Button>
              <ConfirmAction
                title={t('signing.ukey.deleteConfirm', { name: k.name })}
                description={t('signing.ukey.deleteHelp')}
                onConfirm={() => del({ ukeyId: k.ukeyId })}
                buttonProps={{ size: 'small', icon: <DeleteOutlined /> }}
              >
                {t('signing.delete')}
              </ConfirmAction>
            </>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Card
      title={t('signing.ukey.page')}
      data-testid="ukey-page"
      extra={
        canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setRegistering(true)}
            data-testid="register-ukey"
          >
            {t('signing.ukey.register')}
          </Button>
        )
      }
    >
      <PagedTable<UkeyRow, 'uk/getUkeyList'>
        path="uk/getUkeyList"
        columns={columns}
        rowKey="ukeyId"
        testId="ukey-table"
      />
      {registering && <RegisterDialog onClose={() => setRegistering(false)} />}
      {addingCert && <AddCertDialog ukey={addingCert} onClose={() => setAddingCert(null)} />}
    </Card>
  );
}

/** `/ukey/UkeyAuthDialog?ukeyId=`: a USB key's holders and certificates. */
export function UkeyAuthDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ukeyId = String(useSearchRecord().ukeyId ?? '');
  const canEdit = useCan(P.ukeyEdit);
  const certs = useQuery({ ...apiQuery('ca/getUkeyCertList', { ukeyId }), enabled: ukeyId !== '' });
  const keys = useQuery({ ...apiQuery('uk/getUkeyKeyList', { ukeyId }), enabled: ukeyId !== '' && canEdit });
  return (
    <Modal open onCancel={onClose} footer={null} width={760} title={t('signing.ukey.holders')} data-testid="ukey-auth">
      {canEdit && (
        <GrantButton
          label={t('signing.grant.add')}
          onClick={() => void navigate({ to: '/ukey/NewUkeyAuthDialog', search: { ukeyId } as never })}
        />
      )}
      {ukeyId && <GrantPanel target="ukey" id={ukeyId} canEdit={canEdit} />}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('signing.ukey.certs')}
      </Typography.Title>
      <Table
        size="small"
        rowKey="certId"
        data-testid="ukey-certs"
        pagination={false}
        loading={certs.isLoading}
        dataSource={certs.data ?? []}
        scroll={{ x: true }}
        locale={{ emptyText: <Empty description={t('signing.ukey.noCerts')} /> }}
        columns={[
          { title: t('signing.cert.name'), dataIndex: 'name' },
          { title: t('signing.ukey.source'), render: (_v, c) => t(`signing.ukey.sources.${c.source}`) },
          { title: t('signing.cert.validity'), render: (_v, c) => <ExpiryTag {...c} /> },
        ]}
      />
      {canEdit && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('signing.ukey.keys')}
          </Typography.Title>
          <Table
            size="small"
            rowKey="keyId"
            data-testid="ukey-keys"
            pagination={false}
            loading={keys.isLoading}
            dataSource={keys.data ?? []}
            scroll={{ x: true }}
            locale={{ emptyText: <Empty description={keys.error ? keys.error.message : t('signing.ukey.noKeys')} /> }}
            columns={[
              { title: t('signing.ukey.keyLabel'), dataIndex: 'label' },
              { title: t('signing.ukey.keyId'), dataIndex: 'keyId' },
              { title: t('signing.cert.keyType'), dataIndex: 'keyType' },
            ]}
          />
        </>
      )}
    </Modal>
  );
}

/** `/ukey/NewUkeyAuthDialog?ukeyId=`: make people holders of a USB key. */
export function NewUkeyAuthDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const ukeyId = String(useSearchRecord().ukeyId ?? '');
  return <GrantDialog target="ukey" id={ukeyId} open onClose={onClose} title={t('signing.grant.add')} />;
}
