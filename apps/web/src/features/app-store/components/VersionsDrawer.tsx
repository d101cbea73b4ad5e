import CloudDownloadOutlined from '@ant-design/icons/CloudDownloadOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import RollbackOutlined from '@ant-design/icons/RollbackOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import SendOutlined from '@ant-design/icons/SendOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import { type AppItem, type AppVersionItem, AUDIT_STATUS } from '@keel/contract/endpoints/app-store';
import { formatFileSize } from '@keel/contract/format';
import { useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { useAccessibleTableScroll } from '../../../shared/admin-kit/table-a11y';
import { useSearchRecord } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { useMediaQuery } from '../../../shared/layout/use-media-query';
import { AppIcon } from '../../../shared/ui/AppCell';
import { APP_READS, byMode, COMPATIBLE_DIALOG, type Mode } from '../api';
import { PushDialog } from '../dialogs/PushDialog';
import { ResignDialog } from '../dialogs/ResignDialog';
import { VersionDialog } from '../dialogs/VersionDialog';
import { shelvable, submittable, versionEditable, versionResaveInput, withdrawable } from '../model';
import { useVersions } from '../queries';
import { AuditStatus, VersionShelf } from './bits';
import { PushesPanel } from './PushesPanel';

const PAGE_SIZE = 10;

/** An icon button with its label as tooltip and accessible name. */
function IconButton({
  label,
  icon,
  onClick,
  testId,
  disabledReason,
}: {
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  testId: string;
  disabledReason?: string;
}) {
  return (
    <Tooltip title={disabledReason ?? label}>
      <Button
        size="small"
        icon={icon}
        aria-label={label}
        disabled={disabledReason !== undefined}
        onClick={onClick}
        data-testid={testId}
      />
    </Tooltip>
  );
}

/**
 * The actions of a version: edit, send for review, ask for the shelf (a passed version; the server refuses with its
 * reason when the app's information has not passed), withdraw the review or the shelf review that runs, delete a
 * draft.
 */
function VersionActions({
  version,
  mode,
  onEdit,
  onPush,
  onResign,
  keystore,
  name,
}: {
  version: AppVersionItem;
  mode: Mode;
  onEdit: () => void;
  onPush: () => void;
  onResign: () => void;
  /** The app's certificate in the signing service ('' for none). */
  keystore: string;
  name: string;
}) {
  const { t } = useTranslation();
  const key = version.versionCode;
  const submit = useApiMutation(byMode('av/saveAppVerInfo', mode), {
    invalidates: APP_READS,
    success: () => t('app-store.version.submitted', { name }),
  });
  const withdraw = useApiMutation(byMode('av/cancelAuditingAppVerInfo', mode), {
    invalidates: APP_READS,
    success: () => t('app-store.version.withdrawn', { name }),
  });
  const shelve = useApiMutation(byMode('av/putOnShelf', mode), {
    invalidates: APP_READS,
    success: () => t('app-store.shelf.asked', { name }),
  });
  const withdrawShelf = useApiMutation(byMode('av/cancelAuditingAppVerInfo', mode), {
    invalidates: APP_READS,
    success: () => t('app-store.shelf.withdrawn', { name }),
  });
  const remove = useApiMutation(byMode('av/deleteAppVerInfoDraft', mode), {
    invalidates: APP_READS,
    success: () => t('app-store.version.deleted', { name }),
  });
  const auditing = version.auditStatus === AUDIT_STATUS.auditing;
  return (
    <Space size={4} wrap>
      <IconButton
        label={t('app-store.version.edit')}
        icon={<EditOutlined />}
        onClick={onEdit}
        testId={`version-edit-${key}`}
        disabledReason={
          versionEditable(version) ? undefined : t(`app-store.version.locked.${auditing ? 'auditing' : 'passed'}`)
        }
      />
      {submittable(version) && (
        <ConfirmAction
          danger={false}
          title={t('app-store.version.submitConfirm', { name })}
          description={t('app-store.version.submitHelp')}
          onConfirm={() => submit(versionResaveInput(version, 1))}
          buttonProps={
            {
              size: 'small',
              icon: <SendOutlined />,
              'aria-label': t('app-store.app.submit'),
              title: t('app-store.app.submit'),
              'data-testid': `version-submit-${key}`,
            } as never
          }
        >
          {null}
        </ConfirmAction>
      )}
      {shelvable(version) && (
        <ConfirmAction
          danger={false}
          title={t('app-store.shelf.putConfirm', { name })}
          description={
            version.demandShelfTime !== null && version.demandShelfTime > Date.now()
              ? t('app-store.shelf.putHelpAt', { time: formatTime(version.demandShelfTime) })
              : t('app-store.shelf.putHelp')
          }
          onConfirm={() => shelve({ appId: version.appId, appVersionId: version.appVersionId })}
          buttonProps={
            {
              size: 'small',
              icon: <ShopOutlined />,
              'aria-label': t('app-store.shelf.put'),
              title: t('app-store.shelf.put'),
              'data-testid': `version-shelve-${key}`,
            } as never
          }
        >
          {null}
        </ConfirmAction>
      )}
      {withdrawable(version) && (
        <ConfirmAction
          title={t(auditing ? 'app-store.version.withdrawConfirm' : 'app-store.shelf.withdrawConfirm', { name })}
          description={t(auditing ? 'app-store.version.withdrawHelp' : 'app-store.shelf.withdrawHelp')}
          onConfirm={() => (auditing ? withdraw : withdrawShelf)({ appVersionId: version.appVersionId })}
          buttonProps={
            {
              size: 'small',
              icon: <RollbackOutlined />,
              'aria-label': t(auditing ? 'app-store.version.withdraw' : 'app-store.shelf.withdraw'),
              title: t(auditing ? 'app-store.version.withdraw' : 'app-store.shelf.withdraw'),
              'data-testid': `version-withdraw-${key}`,
            } as never
          }
        >
          {null}
        </ConfirmAction>
      )}
      {keystore && (
        <IconButton
          label={t('app-store.resign.action')}
          icon={<SafetyCertificateOutlined />}
          onClick={onResign}
          testId={`version-resign-${key}`}
          disabledReason={versionEditable(version) ? undefined : t('app-store.resign.locked')}
        />
      )}
      {mode === 'ByAdmin' && version.published === 1 && (
        <IconButton
          label={t('app-store.push.push')}
          icon={<CloudDownloadOutlined />}
          onClick={onPush}
          testId={`version-push-${key}`}
        />
      )}
      {version.auditStatus === AUDIT_STATUS.draft ? (
        <ConfirmAction
          title={t('app-store.version.deleteConfirm', { name })}
          description={t('app-store.version.deleteHelp')}
          onConfirm={() => remove({ appVersionId: version.appVersionId })}
          buttonProps={
            {
              size: 'small',
              icon: <DeleteOutlined />,
              'aria-label': t('app-store.version.delete'),
              title: t('app-store.version.delete'),
              'data-testid': `version-delete-${key}`,
            } as never
          }
        >
          {null}
        </ConfirmAction>
      ) : (
        <IconButton
          label={t('app-store.version.delete')}
          icon={<DeleteOutlined />}
          testId={`version-delete-${key}`}
          disabledReason={t('app-store.version.deleteDraftsOnly')}
        />
      )}
    </Space>
  );
}

/**
 * An app's versions in a drawer (`?appId=` on the page): version and versionCode, size, review state, where it
 * stands on its way to the shelf, compatible models (CompatibleDeviceDlg), the APK's download link; add a version,
 * edit a draft or rejected one, send it for review, ask for the shelf, withdraw a review, delete a draft; an
 * administrator pushes a version on the shelf to devices and follows the app's pushes.
 */
export function VersionsDrawer({ app, mode, onClose }: { app: AppItem; mode: Mode; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearchRecord();
  const phone = useMediaQuery('(max-width: 767px)');
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [editing, setEditing] = useState<{ version?: AppVersionItem } | null>(null);
  const [pushing, setPushing] = useState<AppVersionItem | null>(null);
  const [resigning, setResigning] = useState<AppVersionItem | null>(null);
  const versions = useVersions(mode, app.appId, pageNum, pageSize);
  const frame = useAccessibleTableScroll(t('kit.tableRegion'));
  const appName = app.activeLanguage.appName || app.packageName;
  const nameOf = (v: AppVersionItem) => `${appName} ${v.versionName}`;

  const columns = [
    {
      key: 'version',
      title: t('app-store.version.version'),
      width: 170,
      fixed: phone ? undefined : ('left' as const),
      render: (_: unknown, v: AppVersionItem) => (
        <div className="k-app-cell" data-testid={`version-row-${v.versionCode}`}>
          <AppIcon url={v.iconUrl} size={32} />
          <div className="k-app-cell-text">
            <Typography.Text strong translate="no">
              {v.versionName}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('app-store.version.code', { code: v.versionCode })}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      key: 'size',
      title: t('app-store.version.size'),
      width: 90,
      render: (_: unknown, v: AppVersionItem) => formatFileSize(v.size),
    },
    {
      key: 'audit',
      title: t('app-store.audit.title'),
      width: 150,
      render: (_: unknown, v: AppVersionItem) => (
        <AuditStatus status={v.auditStatus} comment={v.auditComment} testId={`version-status-${v.versionCode}`} />
      ),
    },
    {
      key: 'shelf',
      title: t('app-store.shelf.title'),
      width: 160,
      render: (_: unknown, v: AppVersionItem) => <VersionShelf version={v} testId={`version-shelf-${v.versionCode}`} />,
    },
    {
      key: 'models',
      title: t('app-store.version.models'),
      width: 120,
      render: (_: unknown, v: AppVersionItem) => (
        <Button
          type="link"
          size="small"
          style={{ paddingInline: 0 }}
          data-testid={`version-models-${v.versionCode}`}
          onClick={() =>
            void navigate({
              to: COMPATIBLE_DIALOG as never,
              search: { ...search, appId: app.appId, appVersionId: v.appVersionId } as never,
            })
          }
        >
          {v.compatibleDeviceList.length === 0
            ? t('app-store.models.all')
            : t('app-store.models.count', { count: v.compatibleDeviceList.length })}
        </Button>
      ),
    },
    {
      key: 'download',
      title: t('app-store.version.apk'),
      width: 100,
      render: (_: unknown, v: AppVersionItem) =>
        v.downloadUrl ? (
          <Button
            type="link"
            size="small"
            style={{ paddingInline: 0 }}
            icon={<DownloadOutlined />}
            href={v.downloadUrl}
            download={`${v.packageName}-${v.versionName}.apk`}
            data-testid={`version-download-${v.versionCode}`}
          >
            {t('app-store.version.download')}
          </Button>
        ) : (
          '—'
        ),
    },
    {
      key: 'updateTime',
      title: t('app-store.app.updated'),
      width: 140,
      render: (_: unknown, v: AppVersionItem) => formatTime(v.updateTime),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 190,
      render: (_: unknown, v: AppVersionItem) => (
        <VersionActions
          version={v}
          mode={mode}
          name={nameOf(v)}
          onEdit={() => setEditing({ version: v })}
          onPush={() => setPushing(v)}
          onResign={() => setResigning(v)}
          keystore={app.keystore}
        />
      ),
    },
  ];

  let table: ReactNode;
  if (versions.isError) {
    table = (
      <Result
        status="error"
        title={t('kit.loadFailed')}
        subTitle={versions.error.message}
        data-testid="versions-error"
        extra={<Button onClick={() => void versions.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  } else {
    table = (
      <div ref={frame}>
        <Table<AppVersionItem>
          rowKey="appVersionId"
          size="middle"
          columns={columns}
          dataSource={versions.data?.list ?? []}
          tableLayout="fixed"
          scroll={{ x: columns.reduce((sum, c) => sum + c.width, 0) }}
          loading={versions.isFetching && !versions.isLoading}
          data-testid="versions-table"
          locale={{
            emptyText: versions.isLoading ? (
              <Skeleton active title={false} paragraph={{ rows: 3 }} />
            ) : (
              <Empty description={t('app-store.version.empty')} data-testid="versions-empty" />
            ),
          }}
          pagination={{
            current: pageNum,
            pageSize,
            total: versions.data?.total ?? 0,
            showSizeChanger: true,
            hideOnSinglePage: true,
            showTotal: (total) => t('kit.total', { total }),
            onChange: (n, size) => {
              setPageNum(size === pageSize ? n : 1);
              setPageSize(size);
            },
          }}
        />
      </div>
    );
  }

  return (
    <Drawer
      open
      onClose={onClose}
      size="min(1100px, 100vw)"
      destroyOnHidden
      data-testid="versions-drawer"
      title={
        <div className="k-versions-head">
          <AppIcon url={app.activeLanguage.appIconUrl} size={36} />
          <div>
            <div translate="no" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {appName}
            </div>
            <Typography.Text type="secondary" className="k-mono" translate="no">
              {app.packageName}
            </Typography.Text>
          </div>
        </div>
      }
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({})}
          aria-label={phone ? t('app-store.version.create') : undefined}
          title={phone ? t('app-store.version.create') : undefined}
          data-testid="version-create"
        >
          {phone ? null : t('app-store.version.create')}
        </Button>
      }
    >
      <div className="k-versions-toolbar">
        <Typography.Text type="secondary">{t('app-store.version.help')}</Typography.Text>
      </div>
      {table}
      {mode === 'ByAdmin' && <PushesPanel appId={app.appId} />}
      {editing && <VersionDialog app={app} version={editing.version} mode={mode} onClose={() => setEditing(null)} />}
      {pushing && <PushDialog version={pushing} name={nameOf(pushing)} onClose={() => setPushing(null)} />}
      {resigning && (
        <ResignDialog
          version={resigning}
          keystore={app.keystore}
          mode={mode}
          name={nameOf(resigning)}
          onClose={() => setResigning(null)}
        />
      )}
    </Drawer>
  );
}
