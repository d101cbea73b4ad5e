import { AUTH_TYPES } from '@keel/contract/constants';
import type { ApplyTypeAuthRel, AuditorRef } from '@keel/contract/endpoints/workflow';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Modal from 'antd/es/modal';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { apiQuery } from '../../../shared/api/query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { SETTING_LISTS, useApplyTypeTitle } from '../api';
import { AuditorFields, type AuditorLists, cleanLists, listsOf } from '../components/AuditorFields';
import { AUTH_KIND, AuditorTags } from '../components/AuditorTags';
import { PermissionName } from '../components/PermissionName';

/**
 * `/BusinessProcess/EditAuditUserDlg` for an apply type: who may audit it besides the holders of its permission
 * (`applyTypeAuthRel/saveApplyTypeAuthRel`). They review it in the built-in flow; transmit and assign may name only
 * them and the holders while the list is not empty. Every list empty: the holders alone.
 */
export function EditTypeAuditorsDialog({ rel, onClose }: { rel: ApplyTypeAuthRel; onClose: () => void }) {
  const { t } = useTranslation();
  const typeTitle = useApplyTypeTitle();
  const initialValues = useMemo(() => listsOf(rel.auditors), [rel]);
  const save = useApiMutation('applyTypeAuthRel/saveApplyTypeAuthRel', {
    invalidates: SETTING_LISTS,
    success: () => t('workflow.typeAuditors.saved', { type: typeTitle(rel.applyType) }),
  });
  return (
    <FormDialog<Partial<AuditorLists>>
      open
      title={t('workflow.typeAuditors.title', { type: typeTitle(rel.applyType) })}
      initialValues={initialValues}
      onClose={onClose}
      testId="edit-type-auditors-dialog"
      onSubmit={(v) => save({ applyType: rel.applyType, ...cleanLists(v) })}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={
          <span>
            {t('workflow.typeAuditors.hint')} <PermissionName id={rel.permission} />
          </span>
        }
      />
      <AuditorFields known={rel.auditors} />
    </FormDialog>
  );
}

/**
 * `/BusinessProcess/AuditerDetailDlg`: who one auditor entry (a user, title, user set or unit) resolves to today, with each
 * person's to-do count (`flowSettingDefault/getAuditorDetail`).
 */
export function AuditorDetailDialog({
  authType,
  value,
  onClose,
}: {
  authType: AuditorRef['authType'];
  value: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const detail = useQuery({ ...apiQuery('flowSettingDefault/getAuditorDetail', { authType, value }), retry: false });
  const kind = t(`workflow.auditor.kinds.${AUTH_KIND[authType]}`);
  const data = detail.data;
  return (
    <Modal
      open
      title={t('workflow.auditorDetail.title', { kind })}
      onCancel={onClose}
      destroyOnHidden
      data-testid="auditor-detail-dialog"
      footer={
        <Button onClick={onClose} data-testid="auditor-detail-close">
          {t('workflow.audit.close')}
        </Button>
      }
    >
      {detail.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('workflow.auditorDetail.loadFailed')}
          description={detail.error.message}
          action={<Button onClick={() => void detail.refetch()}>{t('kit.retry')}</Button>}
        />
      ) : (
        <>
          <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', marginBottom: 12 }}>
            {data && <AuditorTags auditors={[data.auditor]} />}
            {data && data.auditor.exists === 0 && <Tag color="red">{t('workflow.auditor.gone')}</Tag>}
            {data && authType !== AUTH_TYPES.users && (
              <Typography.Text type="secondary">
                {t(`workflow.auditorDetail.resolves.${AUTH_KIND[authType]}`)}
              </Typography.Text>
            )}
          </div>
          <Table
            size="small"
            rowKey="uid"
            data-testid="auditor-detail-people"
            loading={detail.isLoading}
            dataSource={data?.users ?? []}
            pagination={(data?.users.length ?? 0) > 10 ? { pageSize: 10, size: 'small' } : false}
            locale={{
              emptyText: (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workflow.auditorDetail.nobody')} />
              ),
            }}
            columns={[
              {
                key: 'name',
                title: t('workflow.auditorDetail.person'),
                render: (_, p) => (
                  <span translate="no">
                    {p.name}
                    <Typography.Text type="secondary" style={{ marginInlineStart: 6 }}>
                      {p.phoneNum}
                    </Typography.Text>
                  </span>
                ),
              },
              {
                key: 'todo',
                title: t('workflow.auditorDetail.todo'),
                width: 90,
                align: 'right',
                render: (_, p) => p.todoNum,
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
