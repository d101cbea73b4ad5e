import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import ImportOutlined from '@ant-design/icons/ImportOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Tree from 'antd/es/tree';
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
import { CERT_READS, type CertItem, fileBase64, P } from '../api';
import { ExpiryTag, PagedTable } from '../components';

interface GenerateValues {
  name: string;
  keyType: 'RSA' | 'EC' | 'SM2';
  keyBits: 2048 | 3072 | 4096;
  curve: 'P-256' | 'P-384' | 'P-521';
  CN: string;
  O?: string;
  OU?: string;
  C?: string;
  days: number;
  csr: boolean;
}

function GenerateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const generate = useApiMutation('cert/generateCert', {
    invalidates: CERT_READS,
    success: (_d, input) => t('signing.cert.generated', { name: input.name }),
  });
  return (
    <FormDialog<GenerateValues>
      open={open}
      onClose={onClose}
      title={t('signing.cert.generate')}
      testId="generate-dialog"
      initialValues={{ keyType: 'RSA', keyBits: 2048, curve: 'P-256', days: 365, csr: false }}
      onSubmit={(v) =>
        generate({
          name: v.name,
          keyType: v.keyType,
          keyBits: v.keyBits,
          curve: v.curve,
          subject: { CN: v.CN, O: v.O, OU: v.OU, C: v.C?.toUpperCase() },
          days: v.days,
          mode: v.csr ? 'csr' : 'self',
        })
      }
    >
      <Form.Item name="name" label={t('signing.cert.name')} rules={[{ required: true, max: 60 }]}>
        <Input data-testid="cert-name" autoFocus />
      </Form.Item>
      <Form.Item name="keyType" label={t('signing.cert.keyType')}>
        <Select data-testid="cert-key-type" options={['RSA', 'EC', 'SM2'].map((k) => ({ value: k, label: k }))} />
      </Form.Item>
      <Form.Item noStyle dependencies={['keyType']}>
        {({ getFieldValue }) =>
          getFieldValue('keyType') === 'RSA' ? (
            <Form.Item name="keyBits" label={t('signing.cert.keyBits')}>
              <Select options={[2048, 3072, 4096].map((b) => ({ value: b, label: b }))} />
            </Form.Item>
          ) : getFieldValue('keyType') === 'EC' ? (
            <Form.Item name="curve" label={t('signing.cert.curve')}>
              <Select options={['P-256', 'P-384', 'P-521'].map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          ) : null
        }
      </Form.Item>
      <Form.Item name="CN" label={t('signing.cert.cn')} rules={[{ required: true, max: 64 }]}>
        <Input data-testid="cert-cn" />
      </Form.Item>
      <Form.Item name="O" label={t('signing.cert.o')} rules={[{ max: 64 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="OU" label={t('signing.cert.ou')} rules={[{ max: 64 }]}>
        <Input />
      </Form.Item>
      <Form.Item
        name="C"
        label={t('signing.cert.c')}
        rules={[{ pattern: /^[A-Za-z]{2}$/, message: t('signing.cert.cHelp') }]}
      >
        <Input maxLength={2} />
      </Form.Item>
      <Form.Item name="days" label={t('signing.cert.days')}>
        <InputNumber min={1} max={36500} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="csr" valuePropName="checked">
        <Checkbox data-testid="cert-csr">{t('signing.cert.csrMode')}</Checkbox>
      </Form.Item>
    </FormDialog>
  );
}

interface ImportValues {
  name?: string;
  format: 'pem' | 'der' | 'p12';
  password?: string;
}

function ImportDialog({ open, onClose, certId }: { open: boolean; onClose: () => void; certId?: string }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const save = useApiMutation('cert/importCert', {
    invalidates: CERT_READS,
    success: (d) => t('signing.cert.imported', { count: d.certIdList.length }),
  });
  return (
    <FormDialog<ImportValues>
      open={open}
      onClose={onClose}
      title={certId ? t('signing.cert.importIssued') : t('signing.cert.import')}
      testId="import-dialog"
      initialValues={{ format: 'pem' }}
      onSubmit={async (v) => {
        if (!file) return false;
        return save({
          certId,
          name: v.name ?? '',
          format: v.format,
          content: await fileBase64(file),
          password: v.password ?? '',
        });
      }}
    >
      <Form.Item label={t('signing.cert.file')} required>
        <input
          type="file"
          data-testid="import-file"
          aria-label={t('signing.cert.file')}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </Form.Item>
      <Form.Item name="format" label={t('signing.cert.format')}>
        <Select
          options={[
            { value: 'pem', label: t('signing.cert.formats.pem') },
            { value: 'der', label: t('signing.cert.formats.der') },
            { value: 'p12', label: t('signing.cert.formats.p12') },
          ]}
        />
      </Form.Item>
      {!certId && (
        <Form.Item name="name" label={t('signing.cert.name')} rules={[{ max: 60 }]}>
          <Input placeholder={t('signing.cert.nameFromCn')} />
        </Form.Item>
      )}
      <Form.Item name="password" label={t('signing.cert.password')}>
        <Input.Password autoComplete="off" />
      </Form.Item>
    </FormDialog>
  );
}

function CertDetail({ certId, onClose }: { certId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery(apiQuery('cert/getCertInfo', { certId }));
  const c = query.data;
  const [issuing, setIssuing] = useState(false);
  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      title={c?.name ?? t('signing.cert.detail')}
      width={760}
      data-testid="cert-detail"
    >
      {!c ? (
        <Spin />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('signing.cert.subject')}>{c.subject}</Descriptions.Item>
            <Descriptions.Item label={t('signing.cert.issuer')}>{c.issuer || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('signing.cert.serial')}>{c.serial || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('signing.cert.key')}>
              {c.keyType} {c.curve ?? c.keyBits} · {t(`signing.cert.source.${c.keySource}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('signing.cert.validity')}>
              <ExpiryTag {...c} />
            </Descriptions.Item>
            <Descriptions.Item label={t('signing.cert.fingerprint')}>
              <code style={{ wordBreak: 'break-all' }}>{c.fingerprint || '—'}</code>
            </Descriptions.Item>
            <Descriptions.Item label={t('signing.cert.chain')}>
              {c.chain.length ? c.chain.map((x) => x.name).join(' → ') : t('signing.cert.noChain')}
            </Descriptions.Item>
            <Descriptions.Item label={t('signing.cert.algorithms')}>
              {c.algorithmList.join(', ') || '—'}
            </Descriptions.Item>
          </Descriptions>
          {(c.certPem ?? c.csrPem) && (
            <Input.TextArea
              readOnly
              rows={6}
              value={c.certPem ?? c.csrPem ?? ''}
              style={{ marginTop: 12, fontFamily: 'monospace', fontSize: 12 }}
              data-testid="cert-pem"
            />
          )}
          {c.state === 'csr' && (
            <Button style={{ marginTop: 12 }} onClick={() => setIssuing(true)} data-testid="import-issued">
              {t('signing.cert.importIssued')}
            </Button>
          )}
          <ImportDialog open={issuing} certId={certId} onClose={() => setIssuing(false)} />
        </>
      )}
    </Modal>
  );
}

/** `/SignMgtSystem/WorkCertManagementPage`: the work certificates — generate, import, details, chain, platforms. */
export function WorkCertManagementPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pno = useSession((s) => s.selectedPropertyPno);
  const canEdit = useCan(P.certEdit);
  const [dialog, setDialog] = useState<'generate' | 'import' | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const del = useApiMutation('cert/delCert', { invalidates: CERT_READS, success: () => t('signing.cert.deleted') });
  if (!pno) return <Empty description={t('signing.noProperty')} />;
  const columns: ColumnSpec<CertItem>[] = [
    {
      key: 'str',
      title: t('signing.cert.name'),
      filter: true,
      pinned: true,
      render: (c) => (
        <Button type="link" size="small" onClick={() => setDetail(c.certId)} data-testid={`cert-${c.name}`}>
          {c.name}
        </Button>
      ),
    },
    { key: 'subject', title: t('signing.cert.subject'), width: 180 },
    {
      key: 'keyType',
      title: t('signing.cert.key'),
      width: 120,
      // SM2 is its own curve: "SM2", not "SM2 SM2".
      render: (c) => (c.curve === c.keyType ? c.keyType : `${c.keyType} ${c.curve ?? c.keyBits}`),
    },
    {
      key: 'state',
      title: t('signing.cert.state'),
      width: 120,
      render: (c) =>
        c.state === 'csr' ? <Tag color="blue">CSR</Tag> : <Tag>{t(`signing.cert.source.${c.keySource}`)}</Tag>,
    },
    { key: 'notAfter', title: t('signing.cert.validity'), width: 200, render: (c) => <ExpiryTag {...c} /> },
    {
      key: 'fingerprint',
      title: t('signing.cert.fingerprint'),
      width: 190,
      render: (c) => c.fingerprint.slice(0, 23) || '—',
    },
    {
      key: 'action',
      title: t('common.actions'),
      width: 200,
      wrap: true,
      render: (c) => (
        <Space size={4} wrap>
          <Button
            size="small"
            onClick={() =>
              void navigate({ to: '/SignMgtSystem/WorkCertAssociateDialog', search: { certId: c.certId } as never })
            }
          >
            {t('signing.cert.platforms')}
          </Button>
          {canEdit && (
            <ConfirmAction
              title={t('signing.cert.deleteConfirm', { name: c.name })}
              description={t('signing.cert.deleteHelp')}
              onConfirm={() => del({ certId: c.certId })}
              buttonProps={{ size: 'small', icon: <DeleteOutlined />, 'data-testid': `delete-cert-${c.name}` } as never}
            >
              {t('signing.delete')}
            </ConfirmAction>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Card
      title={t('signing.cert.page')}
      data-testid="cert-page"
      extra={
        canEdit && (
          <Space wrap>
            <Button icon={<ImportOutlined />} onClick={() => setDialog('import')} data-testid="import-cert">
              {t('signing.cert.import')}
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDialog('generate')}
              data-testid="generate-cert"
            >
              {t('signing.cert.generate')}
            </Button>
          </Space>
        )
      }
    >
      <PagedTable<CertItem, 'cert/getCertList'>
        path="cert/getCertList"
        columns={columns}
        rowKey="certId"
        testId="cert-table"
      />
      <GenerateDialog open={dialog === 'generate'} onClose={() => setDialog(null)} />
      <ImportDialog open={dialog === 'import'} onClose={() => setDialog(null)} />
      {detail && <CertDetail certId={detail} onClose={() => setDetail(null)} />}
    </Card>
  );
}

interface TreeNode {
  certId: string;
  name: string;
  subject: string;
  expiringSoon: number;
  expired: number;
  children: TreeNode[];
}
const toTree = (nodes: TreeNode[]): object[] =>
  nodes.map((n) => ({
    key: n.certId,
    title: (
      <span>
        {n.name} <small style={{ color: '#888' }}>{n.subject}</small>{' '}
        {n.expired ? <Tag color="red">✕</Tag> : n.expiringSoon ? <Tag color="orange">!</Tag> : null}
      </span>
    ),
    children: toTree(n.children),
  }));

/** `/SignMgtSystem/SearcCertRemoteComponent`: search the certificates, shown as chains (`cs/getCertTreeList`). */
export function SearcCertRemoteComponent() {
  const { t } = useTranslation();
  const [str, setStr] = useState('');
  const query = useQuery(apiQuery('cs/getCertTreeList', { str: str || undefined }));
  return (
    <Card title={t('signing.cert.chains')} data-testid="cert-tree">
      <Input.Search placeholder={t('signing.cert.search')} onSearch={setStr} allowClear style={{ marginBottom: 12 }} />
      {query.isLoading ? (
        <Spin />
      ) : query.data?.length ? (
        <Tree treeData={toTree(query.data as TreeNode[]) as never} defaultExpandAll />
      ) : (
        <Empty description={query.isError ? t('signing.loadFailed') : t('signing.cert.none')} />
      )}
    </Card>
  );
}

/** `/SignMgtSystem/WorkCertAssociateDialog`: the device platforms a certificate signs for (`cp/`). */
export function WorkCertAssociateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const certId = String(useSearchRecord().certId ?? '');
  const query = useQuery({ ...apiQuery('cp/getPlatformInfoList', { certId }), enabled: certId !== '' });
  const save = useApiMutation('cp/saveCertPlatformRelList', {
    invalidates: ['cp/getPlatformInfoList'],
    success: () => t('signing.cert.platformsSaved'),
  });
  const related = (query.data ?? []).filter((p) => p.related).map((p) => p.platformId);
  return (
    <FormDialog<{ platformIdList: string[] }>
      open
      key={related.join(',')}
      title={t('signing.cert.platforms')}
      testId="associate-dialog"
      onClose={onClose}
      initialValues={{ platformIdList: related }}
      onSubmit={(v) => save({ certId, platformIdList: v.platformIdList ?? [] })}
    >
      {query.data && query.data.length === 0 ? (
        <Empty description={t('signing.cert.noPlatforms')} />
      ) : (
        <Form.Item name="platformIdList" label={t('signing.cert.platformList')}>
          <Checkbox.Group
            options={(query.data ?? []).map((p) => ({ value: p.platformId, label: `${p.name} (${p.osType})` }))}
          />
        </Form.Item>
      )}
    </FormDialog>
  );
}
