import { type AdminItem, ASSIGN_SETS_MAX } from '@keel/contract/endpoints/permission';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { PERMISSION_LISTS } from '../api';
import { AdminSelect, SetSelect } from '../components/pickers';

interface Values {
  uid: string;
  psidList: string[];
}

/** The warning shown when every set is taken away. */
function NoSetsWarning() {
  const { t } = useTranslation();
  const sets = Form.useWatch<string[] | undefined>('psidList');
  const uid = Form.useWatch<string | undefined>('uid');
  if (!uid || (sets && sets.length > 0)) return null;
  return <Alert type="warning" showIcon title={t('permission.admin.noSetsLeft')} data-testid="admin-no-sets-left" />;
}

/**
 * `/Account/EditPerSetForAdminDialog`: change which sets an administrator holds (`ps/assignPerSet`, mode
 * replace). Without `admin` the administrator is chosen first. Taking every set away makes them an ordinary member.
 */
export function EditPerSetForAdminDialog({
  open,
  onClose,
  admin,
}: {
  open: boolean;
  onClose: () => void;
  admin?: AdminItem;
}) {
  const { t } = useTranslation();
  const initialValues = useMemo<Partial<Values>>(
    () => (admin ? { uid: admin.uid, psidList: admin.permissionSetList.map((s) => s.psid) } : {}),
    [admin],
  );

  const assign = useApiMutation('ps/assignPerSet', {
    invalidates: PERMISSION_LISTS,
    success: (_data, input) =>
      (input.psidList ?? []).length > 0 ? t('permission.admin.setsSaved') : t('permission.admin.demoted'),
  });
  const submit = (values: Values) =>
    assign({ uidList: [values.uid], psidList: values.psidList ?? [], mode: 'replace' });

  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title={admin ? t('permission.admin.setsTitle', { name: admin.name }) : t('permission.admin.setsTitleAny')}
      initialValues={initialValues}
      onSubmit={submit}
      testId="admin-sets-dialog"
    >
      {(form) => (
        <>
          <Form.Item
            name="uid"
            label={t('permission.admin.admin')}
            hidden={admin !== undefined}
            rules={[{ required: true, message: t('permission.admin.adminRequired') }]}
          >
            <AdminSelect
              onAdmin={(a) => form.setFieldsValue({ psidList: a?.permissionSetList.map((s) => s.psid) ?? [] })}
            />
          </Form.Item>
          <Form.Item
            name="psidList"
            label={t('permission.admin.sets')}
            rules={[
              { type: 'array', max: ASSIGN_SETS_MAX, message: t('permission.admin.setsMax', { max: ASSIGN_SETS_MAX }) },
            ]}
          >
            <SetSelect testId="admin-sets-select" />
          </Form.Item>
          <NoSetsWarning />
        </>
      )}
    </FormDialog>
  );
}
