import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import UserAddOutlined from '@ant-design/icons/UserAddOutlined';
import type { SoftItem, SoftManagerItem, SoftTrialUserItem } from '@keel/contract/endpoints/pc-software';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { apiQuery } from '../../../shared/api/query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { useSession } from '../../../shared/session/session-store';
import { RELEASE_READS, TRIAL_DIALOG, useSoftCan } from '../api';
import { TrialUserForm } from '../dialogs/AddTrialUserDialog';
import { ManagerDialog } from '../dialogs/ManagerDialog';
import { ChannelTag } from './bits';
import { SoftRouteCard } from './SoftRouteCard';

const TRIAL_PAGE_SIZE = 10;

/** A small retry answer for a list that failed to load. */
function Failed({ title, retry }: { title: string; retry: () => void }) {
  const { t } = useTranslation();
  return <Result status="warning" title={title} extra={<Button onClick={retry}>{t('kit.retry')}</Button>} />;
}

/** The software's release managers and their channels; `tools.release.manage` appoints, changes and removes them. */
function Managers({ soft }: { soft: SoftItem }) {
  const { t } = useTranslation();
  const canManage = useSoftCan('releaseManage') && soft.granted === 0;
  const uid = useSession((s) => s.userInfo?.uid);
  const [editing, setEditing] = useState<{ manager?: SoftManagerItem } | null>(null);
  const list = useQuery(apiQuery('softRelease/getSoftReleaseManagerInfo', { softId: soft.softId }));
  const remove = useApiMutation('softRelease/deleteSoftReleaseManager', {
    invalidates: RELEASE_READS,
    success: (_d, i) =>
      t('pc-software.manager.removed', { name: list.data?.list.find((m) => m.uid === i.uid)?.name ?? '' }),
  });
  return (
    <Card
      size="small"
      title={t('pc-software.manager.title')}
      data-testid="manager-list"
      extra={
        canManage ? (
          <Button icon={<UserAddOutlined />} onClick={() => setEditing({})} data-testid="manager-add">
            {t('pc-software.manager.add')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t('pc-software.manager.help')}</Typography.Paragraph>
      {list.isError ? (
        <Failed title={t('pc-software.manager.loadFailed')} retry={() => void list.refetch()} />
      ) : (
        <Table<SoftManagerItem>
          rowKey="uid"
          size="small"
          loading={list.isLoading}
          dataSource={list.data?.list ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pc-software.manager.empty')} />,
          }}
          onRow={(m) => ({ 'data-testid': `manager-row-${m.phone || m.uid}` }) as never}
          columns={[
            {
              key: 'name',
              title: t('pc-software.manager.member'),
              render: (_x, m) => (
                <span translate="no">
                  {m.name}
                  {m.phone && <Typography.Text type="secondary"> {m.phone}</Typography.Text>}
                  {m.uid === uid && <Tag style={{ marginInlineStart: 6 }}>{t('pc-software.manager.you')}</Tag>}
                </span>
              ),
            },
            {
              key: 'channels',
              title: t('pc-software.manager.channels'),
              render: (_x, m) => (
                <span data-testid={`manager-channels-${m.phone || m.uid}`}>
                  {m.channels.map((c) => (
                    <ChannelTag key={c} channel={c} />
                  ))}
                </span>
              ),
            },
            { key: 'createTime', title: t('pc-software.manager.since'), render: (_x, m) => formatTime(m.createTime) },
            ...(canManage
              ? [
                  {
                    key: 'action',
                    title: t('common.actions'),
                    render: (_x: unknown, m: SoftManagerItem) => (
                      <Space size={4}>
                        <Tooltip title={t('pc-software.manager.edit')}>
                          <Button
                            size="small"
                            icon={<EditOutlined />}
                            aria-label={t('pc-software.manager.editNamed', { name: m.name })}
                            onClick={() => setEditing({ manager: m })}
                            data-testid={`manager-edit-${m.phone || m.uid}`}
                          />
                        </Tooltip>
                        <ConfirmAction
                          title={t('pc-software.manager.removeConfirm', { name: m.name, soft: soft.name })}
                          onConfirm={() => remove({ softId: soft.softId, uid: m.uid })}
                          buttonProps={
                            {
                              size: 'small',
                              icon: <DeleteOutlined />,
                              'aria-label': t('pc-software.manager.removeNamed', { name: m.name }),
                              'data-testid': `manager-remove-${m.phone || m.uid}`,
                            } as never
                          }
                        >
                          {null}
                        </ConfirmAction>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {editing && <ManagerDialog soft={soft} manager={editing.manager} onClose={() => setEditing(null)} />}
    </Card>
  );
}

/**
 * The software's trial users, soonest expiry first, with search: each installation with its name, channel, expiry
 * (expired ones are back on stable) and when it last checked. The software's release managers and
 * `tools.release.manage` add (AddTrialUserDialog), edit and remove them.
 */
function TrialUsers({ soft, trialRoute }: { soft: SoftItem; trialRoute?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canManage = (useSoftCan('releaseManage') || soft.myReleaseChannels.length > 0) && soft.granted === 0;
  const [str, setStr] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [editing, setEditing] = useState<{ trial?: SoftTrialUserItem } | null>(null);
  const list = useQuery({
    ...apiQuery('softRelease/getTrialUserList', {
      softId: soft.softId,
      pageNum,
      pageSize: TRIAL_PAGE_SIZE,
      ...(str ? { str } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const remove = useApiMutation('softRelease/deleteTrialUser', {
    invalidates: RELEASE_READS,
    success: (_d, i) =>
      t('pc-software.trial.removed', { id: list.data?.list.find((r) => r.trialId === i.trialId)?.installId ?? '' }),
  });
  const add = () =>
    trialRoute
      ? void navigate({ to: TRIAL_DIALOG as never, search: { softId: soft.softId } as never })
      : setEditing({});
  return (
    <Card
      size="small"
      title={t('pc-software.trial.title')}
      data-testid="trial-list"
      extra={
        canManage ? (
          <Button icon={<PlusOutlined />} onClick={add} data-testid="trial-add">
            {t('pc-software.trial.add')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t('pc-software.trial.help')}</Typography.Paragraph>
      <Input.Search
        allowClear
        style={{ maxWidth: 320, marginBottom: 12 }}
        placeholder={t('pc-software.trial.search')}
        aria-label={t('pc-software.trial.search')}
        data-testid="trial-search"
        onSearch={(v) => {
          setStr(v.trim());
          setPageNum(1);
        }}
      />
      {list.isError ? (
        <Failed title={t('pc-software.trial.loadFailed')} retry={() => void list.refetch()} />
      ) : (
        <Table<SoftTrialUserItem>
          rowKey="trialId"
          size="small"
          loading={list.isLoading}
          dataSource={list.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: pageNum,
            pageSize: TRIAL_PAGE_SIZE,
            total: list.data?.total ?? 0,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: setPageNum,
          }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pc-software.trial.empty')} />,
          }}
          onRow={(r) => ({ 'data-testid': `trial-row-${r.installId}` }) as never}
          columns={[
            {
              key: 'installId',
              title: t('pc-software.trial.installId'),
              render: (_x, r) => (
                <span className="k-soft-mono" translate="no">
                  {r.installId}
                </span>
              ),
            },
            {
              key: 'name',
              title: t('pc-software.trial.name'),
              render: (_x, r) => <span translate="no">{r.name || '—'}</span>,
            },
            {
              key: 'channel',
              title: t('pc-software.trial.channel'),
              render: (_x, r) => <ChannelTag channel={r.channel} />,
            },
            {
              key: 'expiresAt',
              title: t('pc-software.trial.expiresAt'),
              render: (_x, r) => (
                <span data-testid={`trial-expiry-${r.installId}`} data-expired={r.expired}>
                  {formatTime(r.expiresAt)}
                  {r.expired === 1 && (
                    <Tag color="default" style={{ marginInlineStart: 6 }}>
                      {t('pc-software.trial.expired')}
                    </Tag>
                  )}
                </span>
              ),
            },
            {
              key: 'lastSeen',
              title: t('pc-software.trial.lastSeen'),
              render: (_x, r) =>
                r.lastSeen ? (
                  <span translate="no">
                    {formatTime(r.lastSeen)} · {r.lastVersion}
                  </span>
                ) : (
                  t('pc-software.trial.neverSeen')
                ),
            },
            ...(canManage
              ? [
                  {
                    key: 'action',
                    title: t('common.actions'),
                    render: (_x: unknown, r: SoftTrialUserItem) => (
                      <Space size={4}>
                        <Tooltip title={t('pc-software.trial.edit')}>
                          <Button
                            size="small"
                            icon={<EditOutlined />}
                            aria-label={t('pc-software.trial.editNamed', { id: r.installId })}
                            onClick={() => setEditing({ trial: r })}
                            data-testid={`trial-edit-${r.installId}`}
                          />
                        </Tooltip>
                        <ConfirmAction
                          title={t('pc-software.trial.removeConfirm', { id: r.installId })}
                          description={t('pc-software.trial.removeHelp')}
                          onConfirm={() => remove({ trialId: r.trialId })}
                          buttonProps={
                            {
                              size: 'small',
                              icon: <DeleteOutlined />,
                              'aria-label': t('pc-software.trial.removeNamed', { id: r.installId }),
                              'data-testid': `trial-remove-${r.installId}`,
                            } as never
                          }
                        >
                          {null}
                        </ConfirmAction>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {editing && <TrialUserForm soft={soft} trial={editing.trial} onClose={() => setEditing(null)} />}
    </Card>
  );
}

/**
 * PcAppReleaseComponent: who may release a software to which channel, and the installations trying its beta.
 * `trialRoute`: adding a trial user goes to the AddTrialUserDialog route (the release page's), else a dialog here.
 */
export function PcAppReleaseComponent({ soft, trialRoute }: { soft: SoftItem; trialRoute?: boolean }) {
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Managers soft={soft} />
      <TrialUsers soft={soft} trialRoute={trialRoute} />
    </Space>
  );
}

/** `/Wekit/PcAppReleaseComponent?softId=`: the release managers and trial users of the software the URL names. */
export function PcAppReleaseRoute() {
  const { t } = useTranslation();
  return (
    <SoftRouteCard title={t('pc-software.release.title')} testId="release-route">
      {(soft) => <PcAppReleaseComponent soft={soft} />}
    </SoftRouteCard>
  );
}
