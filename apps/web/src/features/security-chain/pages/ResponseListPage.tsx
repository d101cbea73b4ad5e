import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  FUNC_RESPONSE_CODE_PATTERN,
  type FuncResponseItem,
  securityChainEndpoints,
} from '@keel/contract/endpoints/security-chain';
import { useQuery } from '@tanstack/react-query';
import Card from 'antd/es/card';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf, useSearchUpdate } from '../../../shared/api/search-of';
import { FUNC_CHOICES, FUNC_READS, SPACE_SEARCH, useCanEditResponses } from '../api';
import { SecuritySpaceGate, SecuritySpaceSelect, useSecuritySpace } from '../components/SecuritySpaceGate';

const LIST = securityChainEndpoints['func/getFuncResponseList'].input.pick({ str: true });
const SAVE = securityChainEndpoints['func/saveFuncResponse'].input;

interface ResponseValues {
  funcId: string;
  code: string;
  nameZh: string;
  nameEn: string;
}

/** The responses of a space's functions, or of the one `?funcId=` names, with the choice of function. */
function ResponseTable({ sid }: { sid: string }) {
  const { t } = useTranslation();
  const canEdit = useCanEditResponses();
  const update = useSearchUpdate();
  const { funcId } = useSearchOf(SPACE_SEARCH);
  const funcs = useQuery(apiQuery('func/getFuncList', { sid, filterAuth: 0, pageNum: 1, pageSize: FUNC_CHOICES }));
  const options = (funcs.data?.list ?? []).map((f) => ({ value: f.funcId, label: `${f.code} · ${f.name}` }));
  const chosen = funcs.data?.list.find((f) => f.funcId === funcId);
  const funcSelect = (testId: string, disabled = false) => (
    <Select
      data-testid={testId}
      showSearch
      optionFilterProp="label"
      loading={funcs.isLoading}
      status={funcs.isError ? 'error' : undefined}
      disabled={disabled}
      placeholder={t('security-chain.response.pickFunc')}
      notFoundContent={funcs.isLoading ? undefined : t('security-chain.response.noFuncs')}
      options={options}
    />
  );

  const resource = defineResource<FuncResponseItem>()({
    rowKey: 'responseId',
    tableTestId: 'sc-response-table',
    testId: 'sc-response-list',
    toolbar: (
      <Space wrap>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          data-testid="sc-response-func-filter"
          aria-label={t('security-chain.response.func')}
          style={{ minWidth: 200, maxWidth: '100%' }}
          placeholder={t('security-chain.response.allFuncs')}
          loading={funcs.isLoading}
          value={funcId}
          options={options}
          onChange={(v) => update({ funcId: v || undefined })}
        />
        {chosen && (
          <Typography.Text type="secondary" translate="no">
            {chosen.description}
          </Typography.Text>
        )}
      </Space>
    ),
    create:
      canEdit && options.length > 0
        ? { label: t('security-chain.response.create'), icon: <PlusOutlined />, testId: 'sc-response-create' }
        : undefined,
    list: { path: 'func/getFuncResponseList', schema: LIST, input: (s) => ({ ...s, sid, funcId }) },
    columns: [
      {
        key: 'funcCode',
        title: t('security-chain.response.func'),
        width: 190,
        wrap: true,
        render: (r) => (
          <Space direction="vertical" size={0}>
            <Typography.Text code translate="no">
              {r.funcCode}
            </Typography.Text>
            <Typography.Text type="secondary" translate="no" style={{ fontSize: 12 }}>
              {r.funcName}
            </Typography.Text>
          </Space>
        ),
      },
      {
        // The code column is also the search box (`str`: codes and names of responses and functions).
        key: 'str',
        title: t('security-chain.response.code'),
        filter: true,
        width: 140,
        render: (r) => (
          <Typography.Text code translate="no" data-testid={`sc-response-${r.funcCode}-${r.code}`}>
            {r.code}
          </Typography.Text>
        ),
      },
      {
        key: 'name',
        title: t('security-chain.response.name'),
        width: 200,
        wrap: true,
        render: (r) => (
          <Space direction="vertical" size={0}>
            <Typography.Text translate="no">{r.name}</Typography.Text>
            <Typography.Text type="secondary" translate="no" style={{ fontSize: 12 }}>
              {r.nameZh} / {r.nameEn}
            </Typography.Text>
          </Space>
        ),
      },
      { key: 'updateTime', title: t('security-chain.func.updated'), width: 160, time: true },
    ],
    form: {
      save: 'func/saveFuncResponse',
      schema: SAVE,
      testId: 'sc-response-dialog',
      title: (row) => (row ? t('security-chain.response.edit') : t('security-chain.response.create')),
      tooLong: (max) => t('security-chain.tooLong', { max }),
      invalidates: FUNC_READS,
      initialValues: (row) =>
        row
          ? { funcId: row.funcId, code: row.code, nameZh: row.nameZh, nameEn: row.nameEn }
          : { funcId: funcId ?? options[0]?.value },
      fields: (row) => [
        {
          name: 'funcId',
          label: t('security-chain.response.func'),
          type: 'custom',
          required: t('security-chain.response.pickFunc'),
          control: funcSelect('sc-response-func', !!row),
        },
        {
          name: 'code',
          label: t('security-chain.response.code'),
          required: t('security-chain.response.codeRequired'),
          validate: (v) => FUNC_RESPONSE_CODE_PATTERN.test(v) || t('security-chain.response.codeInvalid'),
          extra: t('security-chain.response.codeHelp'),
          testId: 'sc-response-code',
        },
        {
          name: 'nameZh',
          label: t('security-chain.nameZh'),
          required: t('security-chain.nameRequired'),
          testId: 'sc-response-name-zh',
          half: true,
        },
        {
          name: 'nameEn',
          label: t('security-chain.nameEn'),
          required: t('security-chain.nameRequired'),
          testId: 'sc-response-name-en',
          half: true,
        },
      ],
      input: (v: ResponseValues, row) => ({
        ...(row ? { responseId: row.responseId } : {}),
        funcId: row?.funcId ?? v.funcId,
        code: v.code.trim(),
        nameZh: v.nameZh.trim(),
        nameEn: v.nameEn.trim(),
      }),
      success: (data) => t('security-chain.response.saved', { code: data.code, func: data.funcCode }),
    },
    remove: {
      path: 'func/deleteFuncResponse',
      input: (row) => ({ responseId: row.responseId }),
      confirm: (row) => ({
        title: t('security-chain.response.deleteConfirm', { code: row.code, func: row.funcCode }),
        description: t('security-chain.response.deleteHelp'),
      }),
      success: (_d, row) => t('security-chain.response.deleted', { code: row.code }),
      invalidates: FUNC_READS,
    },
    actions: canEdit
      ? {
          title: t('common.actions'),
          width: 100,
          edit: {
            label: t('security-chain.response.edit'),
            icon: <EditOutlined />,
            iconOnly: true,
            testId: (row) => `sc-response-edit-${row.funcCode}-${row.code}`,
          },
          remove: {
            label: t('security-chain.response.delete'),
            icon: <DeleteOutlined />,
            iconOnly: true,
            testId: (row) => `sc-response-delete-${row.funcCode}-${row.code}`,
          },
        }
      : undefined,
  });
  return <ResourcePage resource={resource} />;
}

/**
 * `/ToolsManage/ResponseListPage`: the responses a device may give when a function of a security space is used —
 * all of the space's (`?sid=`), or one function's (`?funcId=`, as the functions page opens it) — searched by code
 * and name; with the right, add, edit and delete (after a confirmation).
 */
export function ResponseListPage() {
  const { t } = useTranslation();
  const state = useSecuritySpace();
  return (
    <Card
      title={t('security-chain.response.title')}
      data-testid="sc-response-page"
      extra={<SecuritySpaceSelect list={state.list} value={state.space?.sid} />}
    >
      <SecuritySpaceGate state={state}>
        {(space) => <ResponseTable key={space.sid} sid={space.sid} />}
      </SecuritySpaceGate>
    </Card>
  );
}
