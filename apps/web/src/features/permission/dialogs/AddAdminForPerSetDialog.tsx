import { ASSIGN_SETS_MAX } from '@keel/contract/endpoints/permission';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { OrgTreeSelect } from '../../../shared/pickers/OrgTreeSelect';
import { UserPicker } from '../../../shared/pickers/UserPicker';
import { useSession } from '../../../shared/session/session-store';
import { toast } from '../../../shared/toast/toast-store';
import { PERMISSION_LISTS, usePermissionRights } from '../api';
import { allAdminsQuery, SetSelect } from '../components/pickers';

interface Values {
  uid: string;
  psidList: string[];
  oidList?: string[];
}

/**
 * `/Account/AddAdminForPerSetDlg`: make a member an administrator holding sets (`ps/assignPerSet`, mode add),
 * optionally limiting each of those sets to organisation subtrees (`ps/assignMgeOrg`).
 */
export function AddAdminForPerSetDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const assign = useApiMutation('ps/assignPerSet', { invalidates: PERMISSION_LISTS });
  const limit = useApiMutation('ps/assignMgeOrg', { invalidates: PERMISSION_LISTS });
  const rights = usePermissionRights();
  const me = useSession((s) => s.userInfo?.uid);
  const admins = useQuery({ ...allAdminsQuery(), enabled: open });
  // The owner, oneself and current administrators are not offered (change the latter's sets in their row).
  const exclude = useMemo(
    () => [...(admins.data?.list ?? []).map((a) => a.uid), ...(me ? [me] : [])],
    [admins.data, me],
  );

  const submit = async (values: Values) => {
    if (!(await assign({ uidList: [values.uid], psidList: values.psidList, mode: 'add' }))) return false;
    const oidList = values.oidList ?? [];
    // Should a scope fail, the administrator exists already: the scope can be set again from their row.
    for (const psid of oidList.length > 0 ? values.psidList : [])
      if (!(await limit({ uid: values.uid, psid, oidList }))) return true;
    toast.success(t('permission.admin.added'));
    return true;
  };

  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title={t('permission.admin.addTitle')}
      onSubmit={submit}
      testId="add-admin-dialog"
    >
      <Form.Item
        name="uid"
        label={t('permission.admin.member')}
        extra={t('permission.admin.memberHelp')}
        rules={[{ required: true, message: t('permission.admin.memberRequired') }]}
      >
        <UserPicker exclude={exclude} testId="add-admin-user" />
      </Form.Item>
      <Form.Item
        name="psidList"
        label={t('permission.admin.sets')}
        rules={[
          { required: true, type: 'array', min: 1, message: t('permission.admin.setsRequired') },
          { type: 'array', max: ASSIGN_SETS_MAX, message: t('permission.admin.setsMax', { max: ASSIGN_SETS_MAX }) },
        ]}
      >
        <SetSelect testId="add-admin-sets" />
      </Form.Item>
      {rights.seeOrgs && (
        <Form.Item name="oidList" label={t('permission.scope.orgs')} extra={t('permission.scope.orgsHelp')}>
          <OrgTreeSelect multiple testId="add-admin-orgs" placeholder={t('permission.scope.wholeProperty')} />
        </Form.Item>
      )}
    </FormDialog>
  );
}
