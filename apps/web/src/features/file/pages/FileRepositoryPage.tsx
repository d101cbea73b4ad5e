import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type CommonFileItem, fileEndpoints } from '@keel/contract/endpoints/file';
import { formatFileSize } from '@keel/contract/format';
import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { formatTime } from '../../../shared/format/time';
import { COMMON_FILE_LISTS, downloadCommonFile, useCanEditRepository } from '../api';

const LIST = fileEndpoints['commonFile/getCommonFileInfo'].input.pick({ str: true });

/** The dialog route of the repository (create, or `?id=` to edit). */
export const COMMON_FILE_DIALOG = '/filerepository/AddEditCommonFileDlg';

/**
 * `/filerepository/filerepositorypage`: the property's common files (the PC software store's shared downloads):
 * search, download; with the right, add one from a file of a space, edit it (`AddEditCommonFileDialog`) or delete it.
 */
export function FileRepositoryPage() {
  const { t } = useTranslation();
  const canEdit = useCanEditRepository();
  const resource = defineResource<CommonFileItem>()({
    rowKey: 'id',
    tableTestId: 'common-file-table',
    card: { title: t('file.repository.title'), testId: 'file-repository-page' },
    noProperty: t('space.noProperty'),
    toolbar: <Typography.Text type="secondary">{t('file.repository.help')}</Typography.Text>,
    create: canEdit
      ? { label: t('file.repository.create'), icon: <PlusOutlined />, testId: 'common-file-create' }
      : undefined,
    list: { path: 'commonFile/getCommonFileInfo', schema: LIST },
    columns: [
      {
        // The name column is also the search box (`str`: name, file name or version).
        key: 'str',
        title: t('file.repository.name'),
        filter: true,
        render: (r) => (
          <Typography.Text translate="no" data-testid={`common-file-${r.name}`}>
            {r.name}
          </Typography.Text>
        ),
      },
      { key: 'version', title: t('file.repository.version'), width: 110 },
      {
        key: 'fileName',
        title: t('file.repository.fileName'),
        render: (r) => (
          <Typography.Text translate="no" style={{ wordBreak: 'break-all' }}>
            {r.fileName}
          </Typography.Text>
        ),
      },
      { key: 'size', title: t('file.columns.size'), width: 110, render: (r) => formatFileSize(r.size) },
      { key: 'remark', title: t('file.repository.remark'), hidden: true },
      { key: 'creatorName', title: t('file.repository.creator'), width: 120, hidden: true },
      { key: 'updateTime', title: t('file.repository.updated'), width: 170, render: (r) => formatTime(r.updateTime) },
    ],
    dialogRoute: { to: COMMON_FILE_DIALOG, search: (row) => ({ id: row.id }) },
    remove: {
      path: 'commonFile/deleteCommonFileInfo',
      input: (row) => ({ idList: [row.id] }),
      confirm: (row) => ({
        title: t('file.repository.deleteConfirm', { name: row.name }),
        description: t('file.repository.deleteHelp'),
      }),
      success: (_d, row) => t('file.repository.deleted', { name: row.name }),
      invalidates: COMMON_FILE_LISTS,
    },
    actions: {
      title: t('common.actions'),
      width: canEdit ? 200 : 80,
      before: (row) => (
        <Button
          size="small"
          icon={<DownloadOutlined />}
          aria-label={t('file.actions.download')}
          title={t('file.actions.download')}
          data-testid={`common-file-download-${row.name}`}
          onClick={() => void downloadCommonFile(row.id)}
        />
      ),
      edit: canEdit
        ? {
            label: t('file.repository.edit'),
            icon: <EditOutlined />,
            iconOnly: true,
            testId: (row) => `common-file-edit-${row.name}`,
          }
        : undefined,
      remove: canEdit
        ? {
            label: t('file.actions.delete'),
            icon: <DeleteOutlined />,
            iconOnly: true,
            testId: (row) => `common-file-delete-${row.name}`,
          }
        : undefined,
    },
  });
  return <ResourcePage resource={resource} />;
}
