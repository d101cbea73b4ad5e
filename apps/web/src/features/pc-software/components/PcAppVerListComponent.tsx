import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { SOFT_VERSION_PAGE_SIZE, type SoftItem, type SoftVersionItem } from '@keel/contract/endpoints/pc-software';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { apiQuery } from '../../../shared/api/query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { useSoftCan, VERSION_PAGE, VERSION_READS } from '../api';
import { VersionDialog } from '../dialogs/VersionDialog';
import { ReleaseState } from './bits';
import { PlatformTags } from './InstallerBits';
import { SoftRouteCard } from './SoftRouteCard';

/**
 * A software's versions (PcAppVerListComponent), highest first, 30 to a page (SPEC §9): each with where it is
 * released (or waits for approval, or was rejected), its installers' platforms, whether they are signed; open one on
 * its page; with `tools.version.edit` add a version (then its page opens to add installers) and delete an unreleased one.
 */
export function PcAppVerListComponent({ soft }: { soft: SoftItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useSoftCan('versionEdit') && soft.granted === 0;
  const [page, setPage] = useState({ pageNum: 1, pageSize: SOFT_VERSION_PAGE_SIZE });
  const [creating, setCreating] = useState(false);
  const list = useQuery({
    ...apiQuery('softVersion/getSoftVersionListBySoftId', { softId: soft.softId, softSid: soft.softSid, ...page }),
    placeholderData: keepPreviousData,
  });
  const remove = useApiMutation('softVersion/deleteSoftVersionInfo', {
    invalidates: VERSION_READS,
    success: (_d, i) =>
      t('pc-software.version.deleted', {
        version: list.data?.list.find((v) => v.versionId === i.versionId)?.version ?? '',
      }),
  });
  const open = (v: Pick<SoftVersionItem, 'versionId'>) =>
    void navigate({ to: VERSION_PAGE as never, search: { versionId: v.versionId } as never });

  const create = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="version-create">
      {t('pc-software.version.create')}
    </Button>
  ) : null;

  return (
    <Card size="small" title={t('pc-software.version.title')} extra={create} data-testid="version-list">
      {list.isError ? (
        <Result
          status="warning"
          title={t('pc-software.version.loadFailed')}
          extra={<Button onClick={() => void list.refetch()}>{t('kit.retry')}</Button>}
        />
      ) : (
        <Table<SoftVersionItem>
          rowKey="versionId"
          size="small"
          loading={list.isLoading}
          dataSource={list.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pc-software.version.empty')} />,
          }}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: (pageNum) => setPage((p) => ({ ...p, pageNum })),
          }}
          onRow={(v) => ({ 'data-testid': `version-row-${v.version}` }) as never}
          columns={[
            {
              key: 'version',
              title: t('pc-software.version.number'),
              render: (_x, v) => (
                <Button type="link" style={{ paddingInline: 0 }} onClick={() => open(v)} translate="no">
                  {v.version}
                </Button>
              ),
            },
            {
              key: 'state',
              title: t('pc-software.release.state'),
              render: (_x, v) => <ReleaseState version={v} testId={`version-state-${v.version}`} />,
            },
            {
              key: 'installers',
              title: t('pc-software.installer.title'),
              render: (_x, v) => (
                <PlatformTags installers={v.installerList} testId={`version-platforms-${v.version}`} />
              ),
            },
            {
              key: 'signed',
              title: t('pc-software.installer.signature'),
              render: (_x, v) =>
                v.installerList.length === 0
                  ? '—'
                  : v.signed
                    ? t('pc-software.installer.allSigned')
                    : t('pc-software.installer.notAllSigned'),
            },
            {
              key: 'createTime',
              title: t('pc-software.created'),
              render: (_x, v) => formatTime(v.createTime),
            },
            {
              key: 'action',
              title: t('common.actions'),
              render: (_x, v) => (
                <Space size={4}>
                  <Tooltip title={t('pc-software.version.open')}>
                    <Button
                      size="small"
                      icon={<EyeOutlined />}
                      aria-label={t('pc-software.version.openNamed', { version: v.version })}
                      onClick={() => open(v)}
                      data-testid={`version-open-${v.version}`}
                    />
                  </Tooltip>
                  {canEdit && !v.channel && !v.pendingChannel && (
                    <ConfirmAction
                      title={t('pc-software.version.deleteConfirm', { version: v.version })}
                      description={t('pc-software.version.deleteHelp')}
                      onConfirm={() => remove({ versionId: v.versionId })}
                      buttonProps={
                        {
                          size: 'small',
                          icon: <DeleteOutlined />,
                          'aria-label': t('pc-software.version.deleteNamed', { version: v.version }),
                          'data-testid': `version-delete-${v.version}`,
                        } as never
                      }
                    >
                      {null}
                    </ConfirmAction>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      {creating && <VersionDialog soft={soft} onClose={() => setCreating(false)} onSaved={open} />}
    </Card>
  );
}

/** `/Wekit/PcAppVerListComponent?softId=`: the versions of the software the URL names (or one chosen). */
export function PcAppVerListRoute() {
  const { t } = useTranslation();
  return (
    <SoftRouteCard title={t('pc-software.version.title')} testId="version-list-route">
      {(soft) => <PcAppVerListComponent soft={soft} />}
    </SoftRouteCard>
  );
}
