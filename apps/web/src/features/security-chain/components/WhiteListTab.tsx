import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type WhiteListItem, type WhiteListState, whiteListEndpoints } from '@keel/contract/endpoints/security-pools';
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
import { formatTime } from '../../../shared/format/time';
import { FUNC_CHOICES } from '../api';
import { AddWhiteListDialog } from '../dialogs/AddWhiteListAuthDialog';
import { MEMBER_TYPES, useCanEditWhiteList, WHITE_LIST_DIALOG, WHITE_LIST_READS } from '../pool-api';

const LIST = whiteListEndpoints['whiteList/getWhiteList'].input.pick({ str: true, memberType: true, funcId: true });

const STATE_COLOURS: Record<WhiteListState, string> = { active: 'green', pending: 'blue', expired: 'default' };

/** A row's test id part: the function's code and the member's phone or id. */
const rowTag = (r: WhiteListItem) => `${r.funcCode}-${r.memberType === 'user' ? r.memberDetail : r.memberId}`;

/**
 * The white lists of a security space (or, with `funcId`, one function's): members and devices always allowed a
 * function within an optional window, drawing nothing from its pool. With `security.grant.whiteList`: add (the
 * dialog route `AddWhiteListAuthDialog` on the authorisations page, a dialog here for one function), delete after a
 * confirmation.
 */
export function WhiteListTab({ sid, funcId }: { sid: string; funcId?: string }) {
  const { t } = useTranslation();
  const canEdit = useCanEditWhiteList();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const funcs = useQuery({
    ...apiQuery('func/getFuncList', { sid, filterAuth: 0, pageNum: 1, pageSize: FUNC_CHOICES }),
    enabled: !funcId,
  });
  const window = (r: WhiteListItem) =>
    r.startTime === null && r.endTime === null
      ? t('security-chain.white.always')
      : `${r.startTime === null ? '…' : formatTime(r.startTime)} – ${r.endTime === null ? '…' : formatTime(r.endTime)}`;
  const add = () => {
    if (funcId) setAdding(true);
    else void navigate({ to: WHITE_LIST_DIALOG as never, search: { sid, tab: 'whiteList' } as never });
  };

  const resource = defineResource<WhiteListItem>()({
    rowKey: 'entryId',
    tableTestId: 'sc-wl-table',
    testId: 'sc-wl-list',
    toolbar: (
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">{t('security-chain.white.help')}</Typography.Text>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="sc-wl-create" onClick={add}>
            {t('security-chain.white.create')}
          </Button>
        )}
      </Space>
    ),
    list: {
      path: 'whiteList/getWhiteList',
      schema: LIST,
      input: (s) => ({ ...s, sid, ...(funcId ? { funcId } : {}) }),
    },
    columns: [
      {
        // The member column is also the search box (`str`: users' names and phones, devices' ids and names).
        key: 'str',
        title: t('security-chain.white.member'),
        filter: true,
        pinned: true,
        width: 170,
        wrap: true,
        render: (r) => (
          <Space direction="vertical" size={0} data-testid={`sc-wl-${rowTag(r)}`}>
            <Typography.Text translate="no">{r.memberName || r.memberId}</Typography.Text>
            <Typography.Text type="secondary" translate="no" style={{ fontSize: 12 }}>
              {r.memberType === 'user' ? r.memberDetail : r.memberId}
            </Typography.Text>
          </Space>
        ),
      },
      {
        key: 'memberType',
        title: t('security-chain.white.memberType'),
        width: 90,
        filter: MEMBER_TYPES.map((type) => ({ value: type, label: t(`security-chain.white.types.${type}`) })),
        render: (r) => (
          <Tag color={r.memberType === 'user' ? 'geekblue' : 'purple'}>
            {t(`security-chain.white.types.${r.memberType}`)}
          </Tag>
        ),
      },
      {
        key: 'funcId',
        title: t('security-chain.white.func'),
        width: 170,
        wrap: true,
        hidden: !!funcId,
        filter: (funcs.data?.list ?? []).map((f) => ({ value: f.funcId, label: `${f.code} · ${f.name}` })),
        render: (r) => (
          <Space direction="vertical" size={0}>
            <Typography.Text translate="no">{r.funcCode}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.funcName}
            </Typography.Text>
          </Space>
        ),
      },
      {
        key: 'state',
        title: t('security-chain.white.state'),
        width: 90,
        render: (r) => (
          <Tag color={STATE_COLOURS[r.state]} data-testid={`sc-wl-state-${rowTag(r)}`}>
            {t(`security-chain.white.states.${r.state}`)}
          </Tag>
        ),
      },
      { key: 'window', title: t('security-chain.white.window'), width: 170, wrap: true, render: window },
      { key: 'remark', title: t('security-chain.white.remark'), width: 120 },
      { key: 'createTime', title: t('security-chain.white.created'), width: 140, time: true },
    ],
    remove: {
      path: 'whiteList/delWhiteList',
      input: (row) => ({ entryId: row.entryId }),
      confirm: (row) => ({
        title: t('security-chain.white.deleteConfirm', { name: row.memberName || row.memberId, code: row.funcCode }),
        description: t('security-chain.white.deleteHelp'),
      }),
      success: (_d, row) => t('security-chain.white.deleted', { name: row.memberName || row.memberId }),
      invalidates: WHITE_LIST_READS,
    },
    actions: canEdit
      ? {
          title: t('common.actions'),
          width: 80,
          remove: {
            label: t('security-chain.white.delete'),
            icon: <DeleteOutlined />,
            iconOnly: true,
            testId: (row) => `sc-wl-delete-${rowTag(row)}`,
          },
        }
      : undefined,
  });
  return (
    <>
      <ResourcePage resource={resource} />
      {adding && funcId && <AddWhiteListDialog sid={sid} funcId={funcId} fixedFunc onClose={() => setAdding(false)} />}
    </>
  );
}
