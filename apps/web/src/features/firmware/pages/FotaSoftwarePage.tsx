import CloudUploadOutlined from '@ant-design/icons/CloudUploadOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import ShareAltOutlined from '@ant-design/icons/ShareAltOutlined';
import StopOutlined from '@ant-design/icons/StopOutlined';
import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import { FIRMWARE_PERMISSIONS, firmwareEndpoints, type SwItem } from '@keel/contract/endpoints/firmware';
import { FIRMWARE_TASK_PERMISSIONS } from '@keel/contract/endpoints/firmware-task';
import { formatFileSize } from '@keel/contract/format';
import { useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { EDIT_PACKAGE_DIALOG, PACKAGE_LISTS, PUSH_DIALOG, useCan, useCustomerView } from '../api';
import { FotaKeysDialog } from '../dialogs/FotaKeysDialog';
import { TASK_LIST_DIALOG } from '../tasks/routes';

const LIST = firmwareEndpoints['sw/getSwList'].input.pick({ str: true });

/**
 * `/fota/FotaSoftwarePage`: the property's firmware packages, newest first — type, version, fitting models, size,
 * whether published and shared. With the rights: add one (`NewFotaPackageDialog`, uploading its files), edit it
 * (`AddEditFotaPackageDialog`), publish or withdraw it, share it with customers (`FotaPushSwDialog`), delete it.
 * "Verification keys" opens the property's vendor keys (`FotaKeysDialog`: SWUpdate certificate, Mender public key).
 * A customer property (`useCustomerView`) sees the list read-only: no create, edit, publish, share or delete, keys
 * shown but not changed.
 */
export function FotaSoftwarePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const customer = useCustomerView();
  const mayEdit = useCan(FIRMWARE_PERMISSIONS.softwareEdit);
  const mayPush = useCan(FIRMWARE_PERMISSIONS.softwarePush);
  const canEdit = mayEdit && !customer;
  const canPush = mayPush && !customer;
  const canTasks = useCan(FIRMWARE_TASK_PERMISSIONS.task) && !customer;
  const [keysOpen, setKeysOpen] = useState(false);
  const publish = useApiMutation('sw/setSwPublished', {
    invalidates: PACKAGE_LISTS,
    success: (d) =>
      t(d.published ? 'firmware.sw.publishedToast' : 'firmware.sw.withdrawnToast', { name: `${d.name} ${d.version}` }),
  });
  const resource = defineResource<SwItem>()({
    rowKey: 'id',
    tableTestId: 'sw-table',
    card: { title: t('firmware.sw.title'), testId: 'fota-software-page' },
    noProperty: t('firmware.noProperty'),
    toolbar: (
      <>
        <Typography.Text type="secondary" data-testid={customer ? 'sw-customer-view' : undefined}>
          {customer ? t('firmware.sw.customerHelp') : t('firmware.sw.help')}
        </Typography.Text>
        <Button icon={<KeyOutlined />} data-testid="sw-keys" onClick={() => setKeysOpen(true)}>
          {t('firmware.keys.open')}
        </Button>
      </>
    ),
    create: canEdit ? { label: t('firmware.sw.create'), icon: <PlusOutlined />, testId: 'sw-create' } : undefined,
    list: { path: 'sw/getSwList', schema: LIST },
    columns: [
      {
        key: 'str',
        title: t('firmware.sw.name'),
        filter: true,
        render: (r) => (
          <>
            <Typography.Text translate="no" data-testid={`sw-${r.version}`}>
              {r.name}
            </Typography.Text>
            {r.sharedBy && (
              <Tag color="blue" style={{ marginInlineStart: 8 }} data-testid={`sw-shared-${r.version}`}>
                {t('firmware.sw.sharedBy', { pno: r.sharedBy })}
              </Tag>
            )}
          </>
        ),
      },
      { key: 'version', title: t('firmware.sw.version'), width: 110 },
      { key: 'swType', title: t('firmware.sw.type'), width: 120, render: (r) => t(`firmware.types.${r.swType}`) },
      {
        key: 'models',
        title: t('firmware.sw.models'),
        render: (r) => (r.models.length ? r.models.map((m) => m.name).join(', ') : t('firmware.sw.allModels')),
      },
      { key: 'size', title: t('firmware.sw.size'), width: 100, render: (r) => formatFileSize(r.size) },
      {
        key: 'published',
        title: t('firmware.sw.state'),
        width: 110,
        render: (r) =>
          r.published ? (
            <Tag color="green" data-testid={`sw-state-${r.version}`}>
              {t('firmware.sw.published')}
            </Tag>
          ) : (
            <Tag data-testid={`sw-state-${r.version}`}>{t('firmware.sw.draft')}</Tag>
          ),
      },
      { key: 'customerCount', title: t('firmware.sw.customers'), width: 90, hidden: true },
      { key: 'spaceName', title: t('firmware.sw.space'), hidden: true },
      { key: 'updateTime', title: t('firmware.sw.updated'), width: 170, render: (r) => formatTime(r.updateTime) },
    ],
    dialogRoute: canEdit ? { to: EDIT_PACKAGE_DIALOG, search: (row) => ({ id: row.id }) } : undefined,
    remove: canEdit
      ? {
          path: 'sw/delSw',
          input: (row) => ({ id: row.id }),
          confirm: (row) => ({
            title: t('firmware.sw.deleteConfirm', { name: `${row.name} ${row.version}` }),
            description: t('firmware.sw.deleteHelp'),
          }),
          success: (_d, row) => t('firmware.sw.deleted', { name: `${row.name} ${row.version}` }),
          invalidates: PACKAGE_LISTS,
        }
      : undefined,
    actions: {
      title: t('common.actions'),
      width: 230,
      before: (row) => (
        <>
          {canEdit && (
            <Button
              size="small"
              icon={row.published ? <StopOutlined /> : <CloudUploadOutlined />}
              aria-label={t(row.published ? 'firmware.sw.withdraw' : 'firmware.sw.publish')}
              title={t(row.published ? 'firmware.sw.withdraw' : 'firmware.sw.publish')}
              data-testid={`sw-publish-${row.version}`}
              onClick={() => void publish({ id: row.id, published: row.published ? 0 : 1 })}
            />
          )}
          {canTasks && row.published === 1 && (
            <Button
              size="small"
              icon={<UnorderedListOutlined />}
              aria-label={t('firmware.taskList.open')}
              title={t('firmware.taskList.open')}
              data-testid={`sw-tasks-${row.version}`}
              onClick={() => void navigate({ to: TASK_LIST_DIALOG, search: { id: row.id } as never })}
            />
          )}
          {canPush && row.published === 1 && (
            <Button
              size="small"
              icon={<ShareAltOutlined />}
              aria-label={t('firmware.push.open')}
              title={t('firmware.push.open')}
              data-testid={`sw-push-${row.version}`}
              onClick={() => void navigate({ to: PUSH_DIALOG, search: { id: row.id } as never })}
            />
          )}
        </>
      ),
      edit: canEdit
        ? {
            label: t('firmware.sw.edit'),
            icon: <EditOutlined />,
            iconOnly: true,
            testId: (r) => `sw-edit-${r.version}`,
          }
        : undefined,
      remove: canEdit
        ? {
            label: t('firmware.sw.delete'),
            icon: <DeleteOutlined />,
            iconOnly: true,
            testId: (r) => `sw-delete-${r.version}`,
          }
        : undefined,
    },
  });
  return (
    <>
      <ResourcePage resource={resource} />
      <FotaKeysDialog open={keysOpen} canEdit={canEdit} onClose={() => setKeysOpen(false)} />
    </>
  );
}
