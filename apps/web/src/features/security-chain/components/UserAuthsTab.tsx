import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import FormOutlined from '@ant-design/icons/FormOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { PrivilegedState } from '@keel/contract/endpoints/security-privileged';
import { type UserAuthItem, userAuthEndpoints } from '@keel/contract/endpoints/security-user-auth';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { apiQuery } from '../../../shared/api/query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { FUNC_CHOICES } from '../api';
import {
  ADD_USER_AUTH_DIALOG,
  SUBJECT_TYPES,
  subjectTypeKey,
  USER_AUTH_READS,
  useCanEditUserAuths,
} from '../user-auth-api';
import { ApplyFuncDialog } from './ApplyFuncDialog';
import { RiskTag } from './RiskTag';

const LIST = userAuthEndpoints['ua/getUserAuthList'].input.pick({ str: true, subjectType: true, funcId: true });

const STATE_COLOURS: Record<PrivilegedState, string> = {
  active: 'green',
  pending: 'blue',
  expired: 'default',
  disabled: 'red',
};

/** A row's test id part: its subject's phone (users) or name. */
const rowTag = (r: UserAuthItem) => `${r.funcCode}-${r.subjectPhone || r.subjectName}`;

/** Disables or enables a user authorisation. */
function DisableButton({ row }: { row: UserAuthItem }) {
  const { t } = useTranslation();
  const disable = row.disabled === 0;
  const set = useApiMutation('ua/setUserAuthDisable', {
    invalidates: USER_AUTH_READS,
    success: () =>
      t(disable ? 'security-chain.userAuth.disabledDone' : 'security-chain.userAuth.enabledDone', {
        name: row.subjectName,
        func: row.funcCode,
      }),
  });
  return (
    <Button
      size="small"
      data-testid={`sc-ua-${disable ? 'disable' : 'enable'}-${rowTag(row)}`}
      onClick={() => void set({ authId: row.authId, disabled: disable ? 1 : 0 })}
    >
      {t(disable ? 'security-chain.privileged.disable' : 'security-chain.privileged.enable')}
    </Button>
  );
}

/**
 * The user authorisations of a security space: users, titles, user sets or organisation units who may operate a
 * function, within an optional window; add (`/SecurityChain/AddNewUserAuthDialog`), disable and enable, delete after a
 * confirmation. Anyone reaching the page may apply for a function themselves (ApplyFuncDialog).
 */
export function UserAuthsTab({ sid }: { sid: string }) {
  const { t, i18n } = useTranslation();
  const canEdit = useCanEditUserAuths();
  const navigate = useNavigate();
  const [applying, setApplying] = useState(false);
  const funcs = useQuery(apiQuery('func/getFuncList', { sid, filterAuth: 0, pageNum: 1, pageSize: FUNC_CHOICES }));
  const en = i18n.language === 'en';
  const window = (r: UserAuthItem) =>
    r.startTime === null && r.endTime === null
      ? t('security-chain.privileged.always')
      : `${r.startTime === null ? '…' : formatTime(r.startTime)} – ${r.endTime === null ? '…' : formatTime(r.endTime)}`;
  const resource = defineResource<UserAuthItem>()({
    rowKey: 'authId',
    tableTestId: 'sc-ua-table',
    testId: 'sc-ua-list',
    toolbar: (
      <Space wrap>
        <Typography.Text type="secondary">{t('security-chain.userAuth.help')}</Typography.Text>
        <Button icon={<FormOutlined />} onClick={() => setApplying(true)} data-testid="sc-apply-open">
          {t('security-chain.funcApply.open')}
        </Button>
        {canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="sc-ua-create"
            onClick={() => void navigate({ to: ADD_USER_AUTH_DIALOG as never, search: { sid, tab: 'users' } as never })}
          >
            {t('security-chain.userAuth.create')}
          </Button>
        )}
      </Space>
    ),
    list: { path: 'ua/getUserAuthList', schema: LIST, input: (s) => ({ ...s, sid }) },
    columns: [
      {
        // The subject column is also the search box (`str`: the subject's name, a user's phone, the function).
        key: 'str',
        title: t('security-chain.userAuth.subject'),
        filter: true,
        pinned: true,
        width: 200,
        wrap: true,
        render: (r) => (
          <Space direction="vertical" size={0} data-testid={`sc-ua-${rowTag(r)}`}>
            <Typography.Text translate="no">{r.subjectName || t('security-chain.userAuth.gone')}</Typography.Text>
            {r.subjectPhone && (
              <Typography.Text type="secondary" translate="no" style={{ fontSize: 12 }}>
                {r.subjectPhone}
              </Typography.Text>
            )}
          </Space>
        ),
      },
      {
        key: 'subjectType',
        title: t('security-chain.userAuth.subjectType'),
        width: 120,
        filter: SUBJECT_TYPES.map((s) => ({
          value: String(s.type),
          label: t(`security-chain.userAuth.types.${s.key}`),
        })),
        render: (r) => t(`security-chain.userAuth.types.${subjectTypeKey(r.subjectType)}`),
      },
      {
        key: 'funcId',
        title: t('security-chain.userAuth.func'),
        width: 240,
        wrap: true,
        filter: (funcs.data?.list ?? []).map((f) => ({ value: f.funcId, label: f.code })),
        render: (r) => (
          <Space size={4} wrap>
            <Typography.Text translate="no" code>
              {r.funcCode}
            </Typography.Text>
            <span>{en ? r.funcNameEn : r.funcNameZh}</span>
            <RiskTag risk={r.risk} />
          </Space>
        ),
      },
      {
        key: 'state',
        title: t('security-chain.privileged.state'),
        width: 150,
        wrap: true,
        render: (r) => (
          <Space size={4} wrap>
            <Tag color={STATE_COLOURS[r.state]} data-testid={`sc-ua-state-${rowTag(r)}`}>
              {t(`security-chain.privileged.states.${r.state}`)}
            </Tag>
            {r.applyId && (
              <Tag data-testid={`sc-ua-applied-${rowTag(r)}`}>{t('security-chain.userAuth.byApplication')}</Tag>
            )}
          </Space>
        ),
      },
      { key: 'window', title: t('security-chain.privileged.window'), width: 280, render: window },
      { key: 'remark', title: t('security-chain.privileged.remark'), width: 180 },
      { key: 'createTime', title: t('security-chain.privileged.created'), width: 160, time: true },
    ],
    remove: {
      path: 'ua/delUserAuth',
      input: (row) => ({ authId: row.authId }),
      confirm: (row) => ({
        title: t('security-chain.userAuth.deleteConfirm', { name: row.subjectName, func: row.funcCode }),
        description: t('security-chain.userAuth.deleteHelp'),
      }),
      success: (_d, row) => t('security-chain.userAuth.deleted', { name: row.subjectName, func: row.funcCode }),
      invalidates: USER_AUTH_READS,
    },
    actions: canEdit
      ? {
          title: t('common.actions'),
          width: 150,
          before: (row) => <DisableButton row={row} />,
          remove: {
            label: t('security-chain.privileged.delete'),
            icon: <DeleteOutlined />,
            iconOnly: true,
            testId: (row) => `sc-ua-delete-${rowTag(row)}`,
          },
        }
      : undefined,
  });
  return (
    <>
      <ResourcePage resource={resource} />
      <ApplyFuncDialog open={applying} onClose={() => setApplying(false)} />
    </>
  );
}
