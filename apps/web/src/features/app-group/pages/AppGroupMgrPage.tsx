import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { AppGroupItem } from '@keel/contract/endpoints/app-group';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { type ColumnSpec, DataTable } from '../../../shared/admin-kit/DataTable';
import { useRouteObject } from '../../../shared/admin-kit/route-object';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf, useSearchRecord } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { useSession } from '../../../shared/session/session-store';
import { ADD_GROUP_DIALOG, APP_GROUP_PAGE, GROUP_READS, GROUP_SEARCH, useCanManage } from '../api';
import { CategoriesDrawer } from '../components/CategoriesDrawer';
import { useGroup } from '../queries';
import '../app-group.css';

/** Deletes a group after a confirmation naming what goes with it. */
function DeleteButton({ group }: { group: AppGroupItem }) {
  const { t } = useTranslation();
  const remove = useApiMutation('group/deleteAppGroup', {
    invalidates: GROUP_READS,
    success: () => t('app-group.group.deleted', { name: group.name }),
  });
  return (
    <ConfirmAction
      title={t('app-group.group.deleteConfirm', { name: group.name })}
      description={t('app-group.group.deleteHelp', {
        categories: group.categoryCount,
        devices: group.deviceCount,
      })}
      onConfirm={() => remove({ groupId: group.groupId })}
      buttonProps={
        {
          size: 'small',
          icon: <DeleteOutlined />,
          'aria-label': t('app-group.group.delete'),
          title: t('app-group.group.delete'),
          'data-testid': `grp-delete-${group.nameEn}`,
        } as never
      }
    >
      {null}
    </ConfirmAction>
  );
}

/**
 * `/AppService/group/AppGroupMgrPage`: the property's app groups — each arranges the store its devices show, for one
 * master app (the launcher or store client on the device) — with their names, master app, device and category
 * counts, searched and paged. Create or edit a group (AddAppGroupDlg: names, master app, devices from the picker),
 * delete one after a confirmation; its categories open in a drawer (`?groupId=`) to add, edit, order and delete
 * (AddGroupCategoryDlg). Changes need `appService.group.manage`.
 */
export function AppGroupMgrPage() {
  const { t } = useTranslation();
  const manage = useCanManage();
  const pno = useSession((s) => s.selectedPropertyPno);
  const navigate = useNavigate();
  const search = useSearchRecord();
  const { groupId } = useSearchOf(GROUP_SEARCH);
  const closeDrawer = useCallback(
    () =>
      void navigate({
        to: APP_GROUP_PAGE as never,
        search: { ...search, groupId: undefined, categoryId: undefined } as never,
      }),
    [navigate, search],
  );
  // `?groupId=` opens the categories drawer on the page itself; under a dialog (which reads it as the group it is
  // about) the drawer waits, and shows again when the dialog closes back to the page.
  const onPage = useRouterState({ select: (s) => s.location.pathname.endsWith(APP_GROUP_PAGE) });
  const opened = useRouteObject(useGroup(groupId), groupId !== undefined, t('app-group.group.gone'), closeDrawer);
  const open = (group: AppGroupItem, to: string = APP_GROUP_PAGE) =>
    void navigate({ to: to as never, search: { ...search, groupId: group.groupId } as never });

  const columns: ColumnSpec<AppGroupItem>[] = [
    {
      key: 'str',
      title: t('app-group.group.name'),
      filter: true,
      wrap: true,
      width: 220,
      pinned: true,
      render: (row) => (
        <div className="k-grp-name" data-testid={`grp-row-${row.nameEn}`}>
          <Typography.Text strong translate="no">
            {row.name}
          </Typography.Text>
          <Typography.Text type="secondary" translate="no">
            {row.nameZh} / {row.nameEn}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'masterAppName',
      title: t('app-group.group.master'),
      width: 200,
      wrap: true,
      render: (row) => (
        <div className="k-grp-name">
          <span translate="no">{row.masterAppName || t('app-group.group.masterGone')}</span>
          <Typography.Text type="secondary" translate="no" style={{ fontSize: 12 }}>
            {row.masterPackageName}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'deviceCount',
      title: t('app-group.group.devices'),
      width: 100,
      render: (row) => <span data-testid={`grp-devices-${row.nameEn}`}>{row.deviceCount}</span>,
    },
    {
      key: 'categoryCount',
      title: t('app-group.group.categories'),
      width: 100,
      render: (row) => <span data-testid={`grp-categories-${row.nameEn}`}>{row.categoryCount}</span>,
    },
    { key: 'updateTime', title: t('app-group.group.updated'), width: 150, time: true },
    {
      key: 'action',
      title: t('common.actions'),
      width: 140,
      wrap: true,
      render: (row) => (
        <Space size={4} wrap>
          <Tooltip title={t('app-group.category.open')}>
            <Button
              size="small"
              icon={<AppstoreOutlined />}
              aria-label={t('app-group.category.open')}
              data-testid={`grp-open-${row.nameEn}`}
              onClick={() => open(row)}
            />
          </Tooltip>
          {manage && (
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={t('app-group.group.edit')}
              title={t('app-group.group.edit')}
              data-testid={`grp-edit-${row.nameEn}`}
              onClick={() => open(row, ADD_GROUP_DIALOG)}
            />
          )}
          {manage && <DeleteButton group={row} />}
        </Space>
      ),
    },
  ];

  const createButton =
    pno && manage ? (
      <Button
        type="primary"
        icon={<PlusOutlined />}
        data-testid="grp-create"
        onClick={() =>
          void navigate({ to: ADD_GROUP_DIALOG as never, search: { ...search, groupId: undefined } as never })
        }
      >
        {t('app-group.group.create')}
      </Button>
    ) : null;

  return (
    <Card title={t('app-group.page.title')} extra={createButton} data-testid="app-group-page">
      {pno ? (
        <>
          <div className="k-grp-toolbar">
            <Typography.Paragraph type="secondary">{t('app-group.page.help')}</Typography.Paragraph>
          </div>
          <DataTable
            testId="grp-table"
            rowKey="groupId"
            query={(params) =>
              apiQuery('group/getAppGroupListByAdmin', {
                pageNum: params.pageNum,
                pageSize: params.pageSize,
                ...(params.filters.str ? { str: params.filters.str } : {}),
              })
            }
            columns={columns}
          />
        </>
      ) : (
        <Empty description={t('app-group.page.noProperty')} />
      )}
      {opened && onPage && <CategoriesDrawer group={opened} onClose={closeDrawer} />}
    </Card>
  );
}
