import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  FUNC_CODE_PATTERN,
  FUNC_RISKS,
  type FuncItem,
  type FuncRisk,
  securityChainEndpoints,
} from '@keel/contract/endpoints/security-chain';
import { useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { FUNC_READS, RESPONSE_PAGE, useCanEditFuncs } from '../api';
import { RiskTag } from '../components/RiskTag';
import { SecuritySpaceGate, SecuritySpaceSelect, useSecuritySpace } from '../components/SecuritySpaceGate';

const LIST = securityChainEndpoints['func/getFuncList'].input.pick({ str: true, filterAuth: true });
const SAVE = securityChainEndpoints['func/saveFunc'].input;

interface FuncValues {
  code: string;
  nameZh: string;
  nameEn: string;
  risk: FuncRisk;
  description?: string;
}

/** The functions of one security space: the table, the add/edit dialog and delete after a confirmation. */
function FuncTable({ sid }: { sid: string }) {
  const { t } = useTranslation();
  const canEdit = useCanEditFuncs();
  const navigate = useNavigate();
  const resource = defineResource<FuncItem>()({
    rowKey: 'funcId',
    tableTestId: 'sc-func-table',
    testId: 'sc-func-list',
    toolbar: <Typography.Text type="secondary">{t('security-chain.func.help')}</Typography.Text>,
    create: canEdit
      ? { label: t('security-chain.func.create'), icon: <PlusOutlined />, testId: 'sc-func-create' }
      : undefined,
    list: { path: 'func/getFuncList', schema: LIST, input: (s) => ({ ...s, sid }) },
    columns: [
      {
        // The code column is also the search box (`str`: code and names).
        key: 'str',
        title: t('security-chain.func.code'),
        filter: true,
        pinned: true,
        width: 170,
        render: (f) => (
          <Typography.Text code translate="no" data-testid={`sc-func-${f.code}`}>
            {f.code}
          </Typography.Text>
        ),
      },
      {
        key: 'name',
        title: t('security-chain.func.name'),
        width: 200,
        wrap: true,
        render: (f) => (
          <Space direction="vertical" size={0}>
            <Typography.Text strong translate="no">
              {f.name}
            </Typography.Text>
            <Typography.Text type="secondary" translate="no" style={{ fontSize: 12 }}>
              {f.nameZh} / {f.nameEn}
            </Typography.Text>
          </Space>
        ),
      },
      { key: 'risk', title: t('security-chain.func.risk'), width: 100, render: (f) => <RiskTag risk={f.risk} /> },
      {
        key: 'responseList',
        title: t('security-chain.func.responses'),
        width: 200,
        wrap: true,
        render: (f) =>
          f.responseList.length === 0 ? (
            <Typography.Text type="secondary">{t('security-chain.func.noResponses')}</Typography.Text>
          ) : (
            <Space size={[4, 4]} wrap>
              {f.responseList.map((r) => (
                <Tag key={r.responseId} title={r.name} translate="no">
                  {r.code}
                </Tag>
              ))}
            </Space>
          ),
      },
      {
        // The authorisation count is also the filter `filterAuth` (1: those with at least one).
        key: 'filterAuth',
        title: t('security-chain.func.authCount'),
        width: 120,
        filter: [{ value: '1', label: t('security-chain.func.authorisedOnly') }],
        render: (f) => <span data-testid={`sc-func-auth-${f.code}`}>{f.authCount}</span>,
      },
      { key: 'description', title: t('security-chain.func.description'), width: 220 },
      { key: 'updateTime', title: t('security-chain.func.updated'), width: 160, time: true },
    ],
    form: {
      save: 'func/saveFunc',
      schema: SAVE,
      testId: 'sc-func-dialog',
      title: (row) => (row ? t('security-chain.func.edit') : t('security-chain.func.create')),
      tooLong: (max) => t('security-chain.tooLong', { max }),
      invalidates: FUNC_READS,
      initialValues: (row) =>
        row
          ? { code: row.code, nameZh: row.nameZh, nameEn: row.nameEn, risk: row.risk, description: row.description }
          : { risk: 'high' as FuncRisk },
      fields: () => [
        {
          name: 'code',
          label: t('security-chain.func.code'),
          required: t('security-chain.func.codeRequired'),
          validate: (v) => FUNC_CODE_PATTERN.test(v) || t('security-chain.func.codeInvalid'),
          extra: t('security-chain.func.codeHelp'),
          testId: 'sc-func-code',
          autoFocus: true,
        },
        {
          name: 'nameZh',
          label: t('security-chain.nameZh'),
          required: t('security-chain.nameRequired'),
          testId: 'sc-func-name-zh',
          half: true,
        },
        {
          name: 'nameEn',
          label: t('security-chain.nameEn'),
          required: t('security-chain.nameRequired'),
          testId: 'sc-func-name-en',
          half: true,
        },
        {
          name: 'risk',
          label: t('security-chain.func.risk'),
          type: 'custom',
          required: t('security-chain.func.riskRequired'),
          control: (
            <Select
              data-testid="sc-func-risk"
              options={FUNC_RISKS.map((r) => ({ value: r, label: t(`security-chain.risk.${r}`) }))}
            />
          ),
        },
        {
          name: 'description',
          label: t('security-chain.func.description'),
          type: 'textarea',
          testId: 'sc-func-description',
        },
      ],
      input: (v: FuncValues, row) => ({
        ...(row ? { funcId: row.funcId } : {}),
        sid,
        code: v.code.trim(),
        nameZh: v.nameZh.trim(),
        nameEn: v.nameEn.trim(),
        risk: v.risk,
        description: (v.description ?? '').trim(),
        responseList: [],
      }),
      success: (data, _input, row) =>
        t(row ? 'security-chain.func.saved' : 'security-chain.func.created', { code: data.code }),
    },
    remove: {
      path: 'func/deleteFunc',
      input: (row) => ({ funcId: row.funcId }),
      confirm: (row) => ({
        title: t('security-chain.func.deleteConfirm', { code: row.code }),
        description: t('security-chain.func.deleteHelp', { count: row.responseList.length }),
      }),
      success: (_d, row) => t('security-chain.func.deleted', { code: row.code }),
      invalidates: FUNC_READS,
    },
    actions: {
      title: t('common.actions'),
      width: canEdit ? 130 : 70,
      before: (row) => (
        <Button
          size="small"
          icon={<MessageOutlined />}
          aria-label={t('security-chain.func.openResponses')}
          title={t('security-chain.func.openResponses')}
          data-testid={`sc-func-responses-${row.code}`}
          onClick={() => void navigate({ to: RESPONSE_PAGE as never, search: { sid, funcId: row.funcId } as never })}
        />
      ),
      edit: canEdit
        ? {
            label: t('security-chain.func.edit'),
            icon: <EditOutlined />,
            iconOnly: true,
            testId: (row) => `sc-func-edit-${row.code}`,
          }
        : undefined,
      remove: canEdit
        ? {
            label: t('security-chain.func.delete'),
            icon: <DeleteOutlined />,
            iconOnly: true,
            testId: (row) => `sc-func-delete-${row.code}`,
            disabled: (row) =>
              row.authCount > 0 ? t('security-chain.func.inUse', { count: row.authCount }) : undefined,
          }
        : undefined,
    },
  });
  return <ResourcePage resource={resource} />;
}

/**
 * `/ToolsManage/FuncListPage`: the functions of a security space (`?sid=`, the first one by default) that devices
 * keep under authorisation — code, names in both languages, risk level, responses and how many authorisations name
 * each — searched by code and name, filtered to those authorised; with `manage.functions.edit`, add, edit and delete
 * (after a confirmation; a function authorisations name is kept). A function's responses open on the responses page.
 */
export function FuncListPage() {
  const { t } = useTranslation();
  const state = useSecuritySpace();
  return (
    <Card
      title={t('security-chain.func.title')}
      data-testid="sc-func-page"
      extra={<SecuritySpaceSelect list={state.list} value={state.space?.sid} />}
    >
      <SecuritySpaceGate state={state}>{(space) => <FuncTable key={space.sid} sid={space.sid} />}</SecuritySpaceGate>
    </Card>
  );
}
