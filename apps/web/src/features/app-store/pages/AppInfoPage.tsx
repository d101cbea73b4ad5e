import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import CloudServerOutlined from '@ant-design/icons/CloudServerOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import RollbackOutlined from '@ant-design/icons/RollbackOutlined';
import SendOutlined from '@ant-design/icons/SendOutlined';
import { type AppItem, AUDIT_STATUS } from '@keel/contract/endpoints/app-store';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { type ColumnSpec, DataTable } from '../../../shared/admin-kit/DataTable';
import { RowActions } from '../../../shared/admin-kit/RowActions';
import type { ActionsDeclaration, RemoveDeclaration } from '../../../shared/admin-kit/resource';
import { useRouteObject } from '../../../shared/admin-kit/route-object';
import { useSearchOf, useSearchRecord, useSearchUpdate } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { UserPicker } from '../../../shared/pickers/UserPicker';
import { useSession } from '../../../shared/session/session-store';
import { AppIcon } from '../../../shared/ui/AppCell';
import { ADMIN_LIST, APP_READS, APP_SEARCH, byMode, type Mode, useAppStoreMode, useCanPickMembers } from '../api';
import { AuditStatus, ShelfTag } from '../components/bits';
import { VersionsDrawer } from '../components/VersionsDrawer';
import { AppDialog } from '../dialogs/AppDialog';
import { RepositoryDialog } from '../dialogs/RepositoryDialog';
import { appEditable, appResubmitInput, submittable } from '../model';
import { appListQuery, useApp } from '../queries';

const nameOf = (app: AppItem) => app.activeLanguage.appName || app.packageName;

/** Send an app for review as it is, or withdraw it from review. */
function ReviewButton({ app, mode }: { app: AppItem; mode: Mode }) {
  const { t } = useTranslation();
  const name = nameOf(app);
  const submit = useApiMutation(byMode('ai/saveAppInfo', mode), {
    invalidates: APP_READS,
    success: () => t('app-store.app.submitted', { name }),
  });
  const withdraw = useApiMutation(byMode('ai/cancelAuditingAppInfo', mode), {
    invalidates: APP_READS,
    success: () => t('app-store.app.withdrawn', { name }),
  });
  if (app.auditStatus === AUDIT_STATUS.auditing)
    return (
      <ConfirmAction
        title={t('app-store.app.withdrawConfirm', { name })}
        description={t('app-store.app.withdrawHelp')}
        onConfirm={() => withdraw({ appId: app.appId })}
        buttonProps={
          {
            size: 'small',
            icon: <RollbackOutlined />,
            'aria-label': t('app-store.app.withdraw'),
            title: t('app-store.app.withdraw'),
            'data-testid': `app-withdraw-${app.packageName}`,
          } as never
        }
      >
        {null}
      </ConfirmAction>
    );
  if (!submittable(app)) return null;
  return (
    <ConfirmAction
      danger={false}
      title={t('app-store.app.submitConfirm', { name })}
      description={t('app-store.app.submitHelp')}
      onConfirm={() => submit(appResubmitInput(app))}
      buttonProps={
        {
          size: 'small',
          icon: <SendOutlined />,
          'aria-label': t('app-store.app.submit'),
          title: t('app-store.app.submit'),
          'data-testid': `app-submit-${app.packageName}`,
        } as never
      }
    >
      {null}
    </ConfirmAction>
  );
}

/**
 * The developer filter of the administrators' list (`?ownerUid=`): a member picker where the member may list the
 * property's members, otherwise the developer picked from the list (a tag to clear). The developer's name comes from
 * one of their apps, so that a filter read from the URL shows a name, not an id.
 */
function OwnerFilter() {
  const { t } = useTranslation();
  const canPick = useCanPickMembers();
  const { ownerUid } = useSearchOf(ADMIN_LIST);
  const update = useSearchUpdate();
  const named = useQuery({
    ...appListQuery('ByAdmin', { ownerUid, pageNum: 1, pageSize: 1 }),
    enabled: ownerUid !== undefined,
  });
  const name = named.data?.list[0]?.ownerName;
  if (canPick)
    return (
      <div className="k-app-owner">
        <label htmlFor="app-owner-filter">{t('app-store.page.developer')}</label>
        <UserPicker
          id="app-owner-filter"
          testId="app-owner-filter"
          value={ownerUid ?? null}
          knownLabels={ownerUid && name ? { [ownerUid]: name } : undefined}
          placeholder={t('app-store.page.allDevelopers')}
          onChange={(uid) => update({ ownerUid: uid })}
        />
      </div>
    );
  if (!ownerUid) return null;
  return (
    <Tag closable onClose={() => update({ ownerUid: undefined })} data-testid="app-owner-filter-tag">
      {t('app-store.page.developer')}: <span translate="no">{name ?? ownerUid}</span>
    </Tag>
  );
}

/**
 * `/AppService/appstore/AppInfoPage`: the developer's apps (`…ByUser`), or with `appService.appInfo.manage` every
 * app of the property (`…ByAdmin`, filtered by developer). Each app with its icon, name and package name, review
 * state (a rejection's reason), versions, whether it is on the shelf and when it changed; search and the shelf filter,
 * paged. Create or edit an app (AppDialog: listings per language with their images), send it for review, withdraw it,
 * delete a draft; its versions open in a drawer (`?appId=`) with their dialogs (CompatibleDeviceDlg,
 * ChooseCompatibleDeviceDlg). The property's F-Droid repository, for a client, opens in a dialog.
 */
export function AppInfoPage() {
  const { t } = useTranslation();
  const mode = useAppStoreMode();
  const admin = mode === 'ByAdmin';
  const pno = useSession((s) => s.selectedPropertyPno);
  const navigate = useNavigate();
  const search = useSearchRecord();
  const { ownerUid } = useSearchOf(ADMIN_LIST);
  const { appId } = useSearchOf(APP_SEARCH);
  const update = useSearchUpdate();
  const [editing, setEditing] = useState<{ app?: AppItem } | null>(null);
  const [repository, setRepository] = useState(false);

  const open = useApp(mode, appId);
  const closeDrawer = useCallback(
    () => void navigate({ to: '.', search: { ...search, appId: undefined, appVersionId: undefined } as never }),
    [navigate, search],
  );
  const opened = useRouteObject(open, appId !== undefined, t('app-store.app.gone'), closeDrawer);
  const showVersions = (app: AppItem) => void navigate({ to: '.', search: { ...search, appId: app.appId } as never });

  const remove: RemoveDeclaration<AppItem, 'ai/deleteAppInfoDraftByUser' | 'ai/deleteAppInfoDraftByAdmin'> = {
    path: byMode('ai/deleteAppInfoDraft', mode),
    input: (row) => ({ appId: row.appId }),
    confirm: (row) => ({
      title: t('app-store.app.deleteConfirm', { name: nameOf(row) }),
      description: t('app-store.app.deleteHelp'),
    }),
    success: (_d, row) => t('app-store.app.deleted', { name: nameOf(row) }),
    invalidates: APP_READS,
  };
  const actions: ActionsDeclaration<AppItem> = {
    title: t('common.actions'),
    width: 170,
    before: (row) => (
      <>
        <Tooltip title={t('app-store.app.versions')}>
          <Button
            size="small"
            icon={<AppstoreOutlined />}
            aria-label={t('app-store.app.versions')}
            onClick={() => showVersions(row)}
            data-testid={`app-versions-${row.packageName}`}
          />
        </Tooltip>
        <ReviewButton app={row} mode={mode} />
      </>
    ),
    edit: {
      label: t('app-store.app.edit'),
      icon: <EditOutlined />,
      iconOnly: true,
      testId: (row) => `app-edit-${row.packageName}`,
      disabled: (row) => (appEditable(row) ? undefined : t('app-store.app.editLocked')),
    },
    remove: {
      label: t('app-store.app.delete'),
      icon: <DeleteOutlined />,
      iconOnly: true,
      testId: (row) => `app-delete-${row.packageName}`,
      disabled: (row) => (row.auditStatus === AUDIT_STATUS.draft ? undefined : t('app-store.app.deleteDraftsOnly')),
    },
  };

  const columns: ColumnSpec<AppItem>[] = [
    {
      key: 'str',
      title: t('app-store.app.app'),
      filter: true,
      wrap: true,
      width: 250,
      pinned: true,
      render: (row) => (
        <div className="k-app-cell" data-testid={`app-row-${row.packageName}`}>
          <AppIcon url={row.activeLanguage.appIconUrl} />
          <div className="k-app-cell-text">
            <Typography.Text strong translate="no" title={nameOf(row)}>
              {row.activeLanguage.appName || '—'}
            </Typography.Text>
            <Typography.Text type="secondary" className="k-mono" translate="no" title={row.packageName}>
              {row.packageName}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      key: 'auditStatus',
      title: t('app-store.audit.title'),
      width: 170,
      wrap: true,
      render: (row) => (
        <AuditStatus status={row.auditStatus} comment={row.auditComment} testId={`app-status-${row.packageName}`} />
      ),
    },
    {
      key: 'versionCount',
      title: t('app-store.app.versions'),
      width: 150,
      render: (row) => (
        <span data-testid={`app-version-count-${row.packageName}`}>
          {row.versionCount === 0
            ? t('app-store.app.noVersions')
            : t('app-store.app.versionSummary', { count: row.versionCount, latest: row.latestVersionName })}
        </span>
      ),
    },
    {
      key: 'published',
      title: t('app-store.shelf.title'),
      width: 110,
      filter: [
        { value: '1', label: t('app-store.shelf.on') },
        { value: '0', label: t('app-store.shelf.off') },
      ],
      wrap: true,
      render: (row) => <ShelfTag published={row.published} testId={`app-shelf-${row.packageName}`} />,
    },
    {
      key: 'ownerName',
      title: t('app-store.page.developer'),
      width: 130,
      hidden: !admin,
      render: (row) => (
        <Button
          type="link"
          size="small"
          style={{ paddingInline: 0, maxWidth: '100%' }}
          title={t('app-store.page.onlyDeveloper', { name: row.ownerName })}
          onClick={() => update({ ownerUid: row.ownerUid })}
          data-testid={`app-owner-${row.packageName}`}
        >
          <span translate="no" style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {row.ownerName}
          </span>
        </Button>
      ),
    },
    { key: 'updateTime', title: t('app-store.app.updated'), width: 150, time: true },
    {
      key: 'action',
      title: actions.title,
      width: actions.width,
      wrap: true,
      render: (row) => (
        <RowActions
          actions={actions}
          remove={remove}
          scope="property"
          row={row}
          onEdit={(app) => setEditing({ app })}
        />
      ),
    },
  ];

  const createButton = pno ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="app-create">
      {t('app-store.app.create')}
    </Button>
  ) : null;

  return (
    <Card title={t('app-store.page.title')} extra={createButton} data-testid="app-info-page">
      {pno ? (
        <>
          <div className="k-app-toolbar">
            <Typography.Text type="secondary">
              {admin ? t('app-store.page.adminHelp') : t('app-store.page.help')}
            </Typography.Text>
            {admin && (
              <Tag color="blue" data-testid="app-admin-mode">
                {t('app-store.page.adminMode')}
              </Tag>
            )}
            {admin && <OwnerFilter />}
            <Button
              icon={<CloudServerOutlined />}
              className="k-app-repo-open"
              onClick={() => setRepository(true)}
              data-testid="app-repo-open"
            >
              {t('app-store.repo.open')}
            </Button>
          </div>
          <DataTable
            testId="app-table"
            rowKey="appId"
            query={(params) =>
              appListQuery(mode, {
                pageNum: params.pageNum,
                pageSize: params.pageSize,
                ...(params.filters.str ? { str: params.filters.str } : {}),
                ...(params.filters.published ? { published: Number(params.filters.published) } : {}),
                ...(admin && ownerUid ? { ownerUid } : {}),
              })
            }
            columns={columns}
          />
        </>
      ) : (
        <Empty description={t('app-store.noProperty')} />
      )}
      {editing && <AppDialog app={editing.app} mode={mode} onClose={() => setEditing(null)} />}
      {repository && <RepositoryDialog onClose={() => setRepository(false)} />}
      {opened && <VersionsDrawer app={opened} mode={mode} onClose={closeDrawer} />}
    </Card>
  );
}
