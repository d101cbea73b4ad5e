import Card from 'antd/es/card';
import { useTranslation } from 'react-i18next';
import { UserTable } from '../components/UserTable';

/** `/UserManage/UserListPage`: the selected property's users with their status. */
export function UserListPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('member-group.user.page')} data-testid="user-list-page">
      <UserTable />
    </Card>
  );
}

/** `/Account/BackUserInfo` (operators): every account, or one property's, with status and the operator flag. */
export function BackUserInfo() {
  const { t } = useTranslation();
  return (
    <Card title={t('member-group.user.backPage')} data-testid="back-user-page">
      <UserTable scope="platform" />
    </Card>
  );
}

/** `/Account/EditUserInfoDialog` over the user list: a new user of the selected property. */
export { EditUserInfoDialog } from '../dialogs/EditUserInfoDialog';
