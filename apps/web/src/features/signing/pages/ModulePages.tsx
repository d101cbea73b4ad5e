import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { SignatureAlgorithm } from '@keel/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import type { ColumnSpec } from '../../../shared/admin-kit/DataTable';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { api } from '../../../shared/api/client';
import { apiQuery } from '../../../shared/api/query';
import { useSearchRecord } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { useSession } from '../../../shared/session/session-store';
import { useCan } from '../../../shared/session/use-can';
import { toast } from '../../../shared/toast/toast-store';
import {
  downloadUrl,
  MODULE_READS,
  P,
  SIGN_TYPES,
  type SignAnswer,
  type SignRecordItem,
  type SignType,
  uploadAndSign,
} from '../api';
import { AlgorithmTag, PagedTable } from '../components';

interface ModuleRow {
  moduleId: string;
  name: string;
  signType: SignType;
  algorithm: SignatureAlgorithm;
  weak: number;
  remark: string;
  certCount: number;
  updateTime: number;
}

/** The algorithms a sign type takes, weak ones marked (`pc/getTypeCodeList`, `cs/getFilters`). */
function useAlgorithms(signType?: SignType, keyType?: string) {
  const { t } = useTranslation();
  const types = useQuery(apiQuery('pc/getTypeCodeList', {}));
  const filters = useQuery(apiQuery('cs/getFilters', {}));
  const allowed = types.data?.find((x) => x.signType === signType)?.algorithmList;
  return (filters.data?.algorithmList ?? [])
    .filter((a) => (!allowed || allowed.includes(a.algorithm)) && (!keyType || a.keyType === keyType))
    .map((a) => ({ value: a.algorithm, label: a.weak ? `${a.algorithm} (${t('signing.weak')})` : a.algorithm }));
}

interface ModuleValues {
  name: string;
  signType: SignType;
  algorithm: SignatureAlgorithm;
  remark?: string;
}

function ModuleForm({ row, onClose }: { row?: ModuleRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [signType, setSignType] = useState<SignType>(row?.signType ?? 'raw');
  const algorithms = useAlgorithms(signType);
  const add = useApiMutation('sm/addSignModule', {
    invalidates: MODULE_READS,
    success: (_d, i) => t('signing.module.saved', { name: i.name }),
  });
  const update = useApiMutation('sm/updateSignModule', {
    invalidates: MODULE_READS,
    success: (_d, i) => t('signing.module.saved', { name: i.name }),
  });
  return (
    <FormDialog<ModuleValues>
      open
      title={row ? t('signing.module.edit') : t('signing.module.create')}
      testId="module-dialog"
      onClose={onClose}
      initialValues={row ?? { signType: 'raw', algorithm: 'SHA256WITHRSA' }}
      onSubmit={(v) =>
        row
          ? update({ moduleId: row.moduleId, name: v.name, algorithm: v.algorithm, remark: v.remark ?? '' })
          : add({ name: v.name, signType: v.signType, algorithm: v.algorithm, remark: v.remark ?? '' })
      }
    >
      <Form.Item name="name" label={t('signing.module.name')} rules={[{ required: true, max: 60 }]}>
        <Input data-testid="module-name" autoFocus />
      </Form.Item>
      <Form.Item name="signType" label={t('signing.module.signType')}>
        <Select
          disabled={!!row}
          data-testid="module-type"
          onChange={(v: SignType) => setSignType(v)}
          options={SIGN_TYPES.map((s) => ({ value: s, label: t(`signing.signType.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="algorithm" label={t('signing.module.algorithm')} rules={[{ required: true }]}>
        <Select data-testid="module-algorithm" options={algorithms} showSearch />
      </Form.Item>
      <Form.Item name="remark" label={t('signing.remark')} rules={[{ max: 200 }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
    </FormDialog>
  );
}

/** `/SignMgtSystem/NewSignModuleDialog`. */
export const NewSignModuleDialog = ({ onClose }: { onClose: () => void }) => <ModuleForm onClose={onClose} />;

interface RelRow {
  relId: string;
  certId: string;
  certName: string;
  keyType: string;
  algorithm: SignatureAlgorithm;
  weak: number;
}

/** A module's certificates (`cs/`): bind one with an algorithm its key signs, or unbind. */
function ModuleCerts({ module, onClose }: { module: ModuleRow; onClose: () => void }) {
  const { t } = useTranslation();
  const canEdit = useCan(P.moduleEdit);
  const rels = useQuery(apiQuery('cs/getCertSignRelList', { moduleId: module.moduleId, pageNum: 1, pageSize: 100 }));
  const filters = useQuery(apiQuery('cs/getFilters', {}));
  const [certId, setCertId] = useState<string>();
  const keyType = filters.data?.certList.find((c) => c.certId === certId)?.keyType;
  const algorithms = useAlgorithms(module.signType, keyType);
  const [algorithm, setAlgorithm] = useState<SignatureAlgorithm>();
  const bind = useApiMutation('cs/saveCertSignRel', {
    invalidates: MODULE_READS,
    success: () => t('signing.module.bound'),
  });
  const unbind = useApiMutation('cs/delCertSignRel', {
    invalidates: MODULE_READS,
    success: () => t('signing.module.unbound'),
  });
  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      width={720}
      title={t('signing.module.certsOf', { name: module.name })}
      data-testid="module-certs"
    >
      {canEdit && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Select
            data-testid="bind-cert"
            showSearch
            optionFilterProp="label"
            placeholder={t('signing.module.pickCert')}
            aria-label={t('signing.module.pickCert')}
            style={{ minWidth: 200 }}
            value={certId}
            onChange={(v: string) => {
              setCertId(v);
              setAlgorithm(undefined);
            }}
            options={(filters.data?.certList ?? []).map((c) => ({
              value: c.certId,
              label: `${c.name} (${c.keyType})`,
            }))}
          />
          <Select
            data-testid="bind-algorithm"
            showSearch
            optionFilterProp="label"
            placeholder={t('signing.module.algorithm')}
            aria-label={t('signing.module.algorithm')}
            style={{ minWidth: 220 }}
            value={algorithm}
            onChange={(v: SignatureAlgorithm) => setAlgorithm(v)}
            options={algorithms}
          />
          <Button
            type="primary"
            disabled={!certId}
            data-testid="bind-submit"
            onClick={() => certId && void bind({ moduleId: module.moduleId, certId, algorithm })}
          >
            {t('signing.module.bind')}
          </Button>
        </Space>
      )}
      <Table<RelRow>
        size="small"
        rowKey="relId"
        loading={rels.isLoading}
        dataSource={(rels.data?.list ?? []) as RelRow[]}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: <Empty description={t('signing.module.noCerts')} /> }}
        columns={[
          { title: t('signing.cert.name'), dataIndex: 'certName' },
          { title: t('signing.cert.keyType'), dataIndex: 'keyType', width: 80 },
          {
            title: t('signing.module.algorithm'),
            render: (_v, r) => <AlgorithmTag algorithm={r.algorithm} weak={r.weak} />,
          },
          ...(canEdit
            ? [
                {
                  title: t('common.actions'),
                  width: 90,
                  render: (_v: unknown, r: RelRow) => (
                    <ConfirmAction
                      title={t('signing.module.unbindConfirm', { name: r.certName })}
                      onConfirm={() => unbind({ relId: r.relId })}
                      buttonProps={{ size: 'small' }}
                    >
                      {t('signing.module.unbind')}
                    </ConfirmAction>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Modal>
  );
}

function ModulesTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useCan(P.moduleEdit);
  const [editing, setEditing] = useState<ModuleRow | null>(null);
  const [certs, setCerts] = useState<ModuleRow | null>(null);
  const del = useApiMutation('sm/delSignModule', {
    invalidates: MODULE_READS,
    success: () => t('signing.module.deleted'),
  });
  const columns: ColumnSpec<ModuleRow>[] = [
    { key: 'str', title: t('signing.module.name'), filter: true, pinned: true, render: (m) => <b>{m.name}</b> },
    {
      key: 'signType',
      title: t('signing.module.signType'),
      width: 140,
      render: (m) => t(`signing.signType.${m.signType}`),
    },
    {
      key: 'algorithm',
      title: t('signing.module.algorithm'),
      width: 220,
      render: (m) => <AlgorithmTag algorithm={m.algorithm} weak={m.weak} />,
    },
    { key: 'certCount', title: t('signing.module.certCount'), width: 100 },
    { key: 'remark', title: t('signing.remark'), render: (m) => m.remark || '—' },
    {
      key: 'action',
      title: t('common.actions'),
      width: 240,
      wrap: true,
      render: (m) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => setCerts(m)} data-testid={`module-certs-${m.name}`}>
            {t('signing.module.certs')}
          </Button>
          {canEdit && (
            <>
              <Button size="small" onClick={() => setEditing(m)}>
                {t('signing.edit')}
              </Button>
              <ConfirmAction
                title={t('signing.module.deleteConfirm', { name: m.name })}
                description={t('signing.module.deleteHelp')}
                onConfirm={() => del({ moduleId: m.moduleId })}
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
    <>
      {canEdit && (
        <Space style={{ marginBottom: 12 }}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="new-module"
            onClick={() => void navigate({ to: '/SignMgtSystem/NewSignModuleDialog' })}
          >
            {t('signing.module.create')}
          </Button>
        </Space>
      )}
      <PagedTable<ModuleRow, 'sm/getSignModuleList'>
        path="sm/getSignModuleList"
        columns={columns}
        rowKey="moduleId"
        testId="module-table"
      />
      {editing && <ModuleForm row={editing} onClose={() => setEditing(null)} />}
      {certs && <ModuleCerts module={certs} onClose={() => setCerts(null)} />}
    </>
  );
}

/** Signing a file with what the caller is authorised for, then downloading the result. */
function SignTab() {
  const { t } = useTranslation();
  const options = useQuery(apiQuery('sign/getSignOptions', {}));
  const [moduleId, setModuleId] = useState<string>();
  const [certId, setCertId] = useState<string>();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SignAnswer | null>(null);
  const module = options.data?.find((m) => m.moduleId === moduleId);
  if (options.isLoading) return <Card loading />;
  if (!options.data?.length) return <Empty description={t('signing.sign.nothing')} data-testid="sign-nothing" />;
  const sign = async () => {
    if (!moduleId || !certId || !file) return;
    setBusy(true);
    try {
      setResult(await uploadAndSign(moduleId, certId, file));
      toast.success(t('signing.sign.done'));
    } catch (error) {
      toast.warning((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const download = async () => {
    if (!result) return;
    const link = await api('sign/getSignatureDownloadUrl', { sigId: result.sigId });
    downloadUrl(link.url);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="sign-panel">
      <Space wrap>
        <Select
          data-testid="sign-module"
          showSearch
          optionFilterProp="label"
          placeholder={t('signing.sign.module')}
          aria-label={t('signing.sign.module')}
          style={{ minWidth: 220 }}
          value={moduleId}
          onChange={(v: string) => {
            setModuleId(v);
            setCertId(undefined);
          }}
          options={options.data.map((m) => ({
            value: m.moduleId,
            label: `${m.moduleName} · ${t(`signing.signType.${m.signType}`)}`,
          }))}
        />
        <Select
          data-testid="sign-cert"
          showSearch
          optionFilterProp="label"
          placeholder={t('signing.sign.cert')}
          aria-label={t('signing.sign.cert')}
          style={{ minWidth: 260 }}
          value={certId}
          onChange={(v: string) => setCertId(v)}
          options={(module?.certList ?? []).map((c) => ({
            value: c.certId,
            disabled: !!c.expired,
            label: `${c.name} · ${c.algorithm}${c.weak ? ` (${t('signing.weak')})` : ''}`,
          }))}
        />
        <input
          type="file"
          data-testid="sign-file"
          aria-label={t('signing.sign.file')}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <Button
          type="primary"
          loading={busy}
          disabled={!moduleId || !certId || !file}
          onClick={() => void sign()}
          data-testid="sign-submit"
        >
          {t('signing.sign.submit')}
        </Button>
      </Space>
      {result && (
        <Alert
          type="success"
          data-testid="sign-result"
          message={t('signing.sign.result', { name: result.outputName })}
          description={
            <Space direction="vertical" style={{ width: '100%' }}>
              <span style={{ wordBreak: 'break-all' }}>
                {result.algorithm} · SHA-256 {result.artifactSha256}
              </span>
              <Button icon={<DownloadOutlined />} onClick={() => void download()} data-testid="download-signature">
                {t('signing.sign.download')}
              </Button>
            </Space>
          }
        />
      )}
    </Space>
  );
}

function RecordsTab() {
  const { t } = useTranslation();
  const download = async (sigId: string) => downloadUrl((await api('sign/getSignatureDownloadUrl', { sigId })).url);
  const columns: ColumnSpec<SignRecordItem>[] = [
    { key: 'str', title: t('signing.record.artifact'), filter: true, pinned: true, render: (r) => r.artifactName },
    { key: 'createTime', title: t('signing.record.time'), time: true, width: 150 },
    {
      key: 'requesterName',
      title: t('signing.record.requester'),
      width: 120,
      render: (r) => `${r.requesterName} · ${t(`signing.via.${r.via}`)}`,
    },
    { key: 'moduleName', title: t('signing.sign.module'), width: 140 },
    {
      key: 'algorithm',
      title: t('signing.module.algorithm'),
      width: 200,
      render: (r) => <AlgorithmTag algorithm={r.algorithm} weak={r.weak} />,
    },
    {
      key: 'artifactSha256',
      title: t('signing.record.hash'),
      width: 200,
      render: (r) => <code>{r.artifactSha256.slice(0, 16)}…</code>,
    },
    {
      key: 'fingerprint',
      title: t('signing.cert.fingerprint'),
      width: 200,
      render: (r) => `${r.certName} · ${r.fingerprint.slice(0, 17)}`,
    },
    {
      key: 'action',
      title: t('common.actions'),
      width: 110,
      wrap: true,
      render: (r) => (
        <Button
          size="small"
          icon={<DownloadOutlined />}
          onClick={() => void download(r.sigId)}
          data-testid={`record-download-${r.artifactName}`}
        >
          {t('signing.sign.download')}
        </Button>
      ),
    },
  ];
  return (
    <PagedTable<SignRecordItem, 'sign/getSignRecordList'>
      path="sign/getSignRecordList"
      columns={columns}
      rowKey="sigId"
      testId="record-table"
    />
  );
}

function TokensTab() {
  const { t } = useTranslation();
  const tokens = useQuery(apiQuery('pat/getTokenList', {}));
  const [made, setMade] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const add = useApiMutation('pat/addToken', { invalidates: ['pat/getTokenList'], onSuccess: (d) => setMade(d.token) });
  const del = useApiMutation('pat/delToken', {
    invalidates: ['pat/getTokenList'],
    success: () => t('signing.token.revoked'),
  });
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary">{t('signing.token.help')}</Typography.Paragraph>
      <Typography.Paragraph>
        <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {`curl -H "Authorization: Bearer $KEEL_SIGNING_TOKEN" -F file=@app.bin "${origin}/api/sign/pipelineSign?moduleId=…&certId=…"`}
        </pre>
      </Typography.Paragraph>
      {made && (
        <Alert
          type="warning"
          data-testid="token-made"
          message={t('signing.token.once')}
          description={<code style={{ wordBreak: 'break-all' }}>{made}</code>}
        />
      )}
      <Button icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="new-token">
        {t('signing.token.create')}
      </Button>
      <Table
        size="small"
        rowKey="tokenId"
        loading={tokens.isLoading}
        pagination={false}
        dataSource={tokens.data ?? []}
        scroll={{ x: true }}
        locale={{ emptyText: <Empty description={t('signing.token.none')} /> }}
        columns={[
          { title: t('signing.token.name'), dataIndex: 'name' },
          { title: t('signing.token.expires'), render: (_v, r) => formatTime(r.expiresAt) },
          { title: t('signing.token.lastUsed'), render: (_v, r) => (r.lastUsedAt ? formatTime(r.lastUsedAt) : '—') },
          {
            title: t('common.actions'),
            render: (_v, r) => (
              <ConfirmAction
                title={t('signing.token.revokeConfirm', { name: r.name })}
                onConfirm={() => del({ tokenId: r.tokenId })}
                buttonProps={{ size: 'small' }}
              >
                {t('signing.token.revoke')}
              </ConfirmAction>
            ),
          },
        ]}
      />
      <FormDialog<{ name: string; days: number }>
        open={creating}
        title={t('signing.token.create')}
        onClose={() => setCreating(false)}
        initialValues={{ days: 90 }}
        onSubmit={(v) => add({ name: v.name, days: v.days })}
      >
        <Form.Item name="name" label={t('signing.token.name')} rules={[{ required: true, max: 60 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="days" label={t('signing.token.days')}>
          <InputNumber min={1} max={366} style={{ width: '100%' }} />
        </Form.Item>
      </FormDialog>
    </Space>
  );
}

const TABS = ['modules', 'sign', 'records', 'tokens'] as const;

/** `/SignMgtSystem/SignModulePage`: sign modules, signing a file, the signing records and pipeline tokens. */
export function SignModulePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pno = useSession((s) => s.selectedPropertyPno);
  const search = useSearchRecord();
  const tab = TABS.find((x) => x === search.tab) ?? 'modules';
  if (!pno) return <Empty description={t('signing.noProperty')} />;
  const body = { modules: <ModulesTab />, sign: <SignTab />, records: <RecordsTab />, tokens: <TokensTab /> };
  return (
    <Card title={t('signing.module.page')} data-testid="module-page">
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          void navigate({ to: '/SignMgtSystem/SignModulePage', search: { tab: key } as never, replace: true })
        }
        items={TABS.map((key) => ({ key, label: t(`signing.tabs.${key}`), children: key === tab ? body[key] : null }))}
      />
    </Card>
  );
}

/** `/SignMgtSystem/SignTypeComponent`: the sign types and the algorithms each takes. */
export function SignTypeComponent() {
  const { t } = useTranslation();
  const types = useQuery(apiQuery('pc/getTypeCodeList', {}));
  const filters = useQuery(apiQuery('cs/getFilters', {}));
  const weak = new Set((filters.data?.algorithmList ?? []).filter((a) => a.weak).map((a) => a.algorithm));
  return (
    <Card title={t('signing.signTypes')} data-testid="sign-types">
      <Table
        size="small"
        rowKey="signType"
        loading={types.isLoading}
        pagination={false}
        dataSource={types.data ?? []}
        scroll={{ x: true }}
        columns={[
          { title: t('signing.module.signType'), render: (_v, r) => <b>{t(`signing.signType.${r.signType}`)}</b> },
          { title: t('signing.cert.keyType'), render: (_v, r) => r.keyTypeList.join(', ') },
          {
            title: t('signing.module.algorithm'),
            render: (_v, r) => (
              <Space wrap size={4}>
                {r.algorithmList.map((a) => (
                  <AlgorithmTag key={a} algorithm={a} weak={weak.has(a) ? 1 : 0} />
                ))}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
