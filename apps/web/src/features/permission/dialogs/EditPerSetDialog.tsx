import { type MyPermissionSetItem, permissionEndpoints } from '@keel/contract/endpoints/permission';
import { permissionCatalogue } from '@keel/contract/permissions/catalogue';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ResourceDialog } from '../../../shared/admin-kit/ResourceDialog';
import type { FormDeclaration } from '../../../shared/admin-kit/resource';
import { grantableTreeQuery, PERMISSION_LISTS } from '../api';
import { PerSetTreeComponent } from '../components/PerSetTreeComponent';
import { buildPermTree, flattenTreeIds, idsToSave } from '../components/permission-tree';

interface Values {
  name: string;
  remark?: string;
  permissionIdList: string[];
}

/**
 * The permission set form (`ps/addOrUpdatePerSet`): name, remark and the permission tree; only ids the signed-in
 * administrator may grant are sent (the server keeps a set's ids of switched-off businesses).
 */
export function usePerSetForm(open: boolean): FormDeclaration<MyPermissionSetItem, Values, 'ps/addOrUpdatePerSet'> {
  const { t } = useTranslation();
  const grantable = useQuery({ ...grantableTreeQuery(), enabled: open });
  return {
    save: 'ps/addOrUpdatePerSet',
    schema: permissionEndpoints['ps/addOrUpdatePerSet'].input,
    testId: 'edit-per-set-dialog',
    title: (set) => (set ? t('permission.set.editTitle', { name: set.name }) : t('permission.set.createTitle')),
    fields: () => [
      {
        name: 'name',
        label: t('permission.set.name'),
        required: t('permission.set.nameRequired'),
        testId: 'per-set-name',
        autoFocus: true,
      },
      { name: 'remark', label: t('permission.set.remark'), type: 'textarea', rows: 2, testId: 'per-set-remark' },
      {
        name: 'permissionIdList',
        label: t('permission.set.permissions'),
        type: 'custom',
        control: <PerSetTreeComponent height={360} />,
        rules: [
          {
            validator: async (_: unknown, value?: string[]) => {
              if (!value || value.length === 0) throw new Error(t('permission.set.permissionsRequired'));
            },
          },
        ],
      },
    ],
    initialValues: (set) => ({
      name: set?.name ?? '',
      remark: set?.remark ?? '',
      permissionIdList: set?.permissionIdList ?? [],
    }),
    input: (values, set) => {
      if (!grantable.data) return false;
      const tree = buildPermTree(permissionCatalogue, 'en', flattenTreeIds(grantable.data));
      return {
        psid: set?.psid,
        name: values.name.trim(),
        remark: values.remark?.trim() ?? '',
        permissionIdList: idsToSave(tree, new Set(values.permissionIdList)),
      };
    },
    success: (_data, input, set) =>
      set ? t('permission.set.saved', { name: input.name }) : t('permission.set.created'),
    invalidates: PERMISSION_LISTS,
    tooLong: (max) => t('permission.set.tooLong', { max }),
  };
}

/** `/Account/EditPerSetDialog`: create a permission set, or edit `set`. */
export function EditPerSetDialog({
  open,
  onClose,
  set,
}: {
  open: boolean;
  onClose: () => void;
  set?: MyPermissionSetItem;
}) {
  return <ResourceDialog form={usePerSetForm(open)} row={set} open={open} onClose={onClose} />;
}
