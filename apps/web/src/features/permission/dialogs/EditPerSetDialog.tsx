import {
  type MyPermissionSetItem,
  PERMISSION_SET_NAME_MAX,
  PERMISSION_SET_REMARK_MAX,
} from '@keel/contract/endpoints/permission';
import { permissionCatalogue } from '@keel/contract/permissions/catalogue';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { grantableTreeQuery, PERMISSION_LISTS } from '../api';
import { PerSetTreeComponent } from '../components/PerSetTreeComponent';
import { buildPermTree, flattenTreeIds, idsToSave } from '../components/permission-tree';

interface Values {
  name: string;
  remark?: string;
  permissionIdList: string[];
}

/**
 * `/Account/EditPerSetDialog`: create a permission set, or edit `set` (`ps/addOrUpdatePerSet`). The body is the
 * permission tree; only ids the signed-in administrator may grant are sent (the server keeps a set's ids of
 * switched-off businesses).
 */
export function EditPerSetDialog({
  open,
  onClose,
  set,
}: {
  open: boolean;
  onClose: () => void;
  set?: MyPermissionSetItem;
}) {
  const { t } = useTranslation();
  const grantable = useQuery({ ...grantableTreeQuery(), enabled: open });
  const initialValues = useMemo<Partial<Values>>(
    () => ({ name: set?.name ?? '', remark: set?.remark ?? '', permissionIdList: set?.permissionIdList ?? [] }),
    [set],
  );

  const save = useApiMutation('ps/addOrUpdatePerSet', {
    invalidates: PERMISSION_LISTS,
    success: (_data, input) => (set ? t('permission.set.saved', { name: input.name }) : t('permission.set.created')),
  });
  const submit = async (values: Values) => {
    if (!grantable.data) return false;
    const tree = buildPermTree(permissionCatalogue, 'en', flattenTreeIds(grantable.data));
    return save({
      psid: set?.psid,
      name: values.name.trim(),
      remark: values.remark?.trim() ?? '',
      permissionIdList: idsToSave(tree, new Set(values.permissionIdList)),
    });
  };

  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title={set ? t('permission.set.editTitle', { name: set.name }) : t('permission.set.createTitle')}
      initialValues={initialValues}
      onSubmit={submit}
      testId="edit-per-set-dialog"
    >
      <Form.Item
        name="name"
        label={t('permission.set.name')}
        rules={[
          { required: true, whitespace: true, message: t('permission.set.nameRequired') },
          { max: PERMISSION_SET_NAME_MAX, message: t('permission.set.tooLong', { max: PERMISSION_SET_NAME_MAX }) },
        ]}
      >
        <Input maxLength={PERMISSION_SET_NAME_MAX} autoFocus data-testid="per-set-name" />
      </Form.Item>
      <Form.Item
        name="remark"
        label={t('permission.set.remark')}
        rules={[
          { max: PERMISSION_SET_REMARK_MAX, message: t('permission.set.tooLong', { max: PERMISSION_SET_REMARK_MAX }) },
        ]}
      >
        <Input.TextArea rows={2} maxLength={PERMISSION_SET_REMARK_MAX} showCount data-testid="per-set-remark" />
      </Form.Item>
      <Form.Item
        name="permissionIdList"
        label={t('permission.set.permissions')}
        rules={[
          {
            validator: async (_: unknown, value?: string[]) => {
              if (!value || value.length === 0) throw new Error(t('permission.set.permissionsRequired'));
            },
          },
        ]}
      >
        <PerSetTreeComponent height={360} />
      </Form.Item>
    </FormDialog>
  );
}
