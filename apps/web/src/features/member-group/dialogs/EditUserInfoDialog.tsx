import { type UserItem, userEndpoints } from '@keel/contract/endpoints/user';
import { isEmail, isMobile, isStrongPassword } from '@keel/contract/validators';
import Alert from 'antd/es/alert';
import { useTranslation } from 'react-i18next';
import { ResourceDialog } from '../../../shared/admin-kit/ResourceDialog';
import type { FormDeclaration } from '../../../shared/admin-kit/resource';
import { encryptPassword } from '../../../shared/crypto/encrypt-password';
import { OrgTreeSelect } from '../../../shared/pickers/OrgTreeSelect';
import { useSession } from '../../../shared/session/session-store';
import type { Scope } from '../api';

interface Values {
  name: string;
  phoneNum: string;
  email?: string;
  password?: string;
  oid?: string;
  isOperator?: boolean;
}

/**
 * The account form (`u/addOrEditInternalUser`). An administrator creates the account as a member on a node of the
 * selected property and may move it; an operator creates a bare account and may grant the operator flag. Editing
 * sends only what changed (nothing: no call), so moving a member does not touch a profile the property may not
 * change (an account shared with other properties, whose fields are then read-only).
 */
export function useUserForm(scope: Scope): FormDeclaration<UserItem, Values, 'u/addOrEditInternalUser'> {
  const { t } = useTranslation();
  const selfUid = useSession((s) => s.userInfo?.uid);
  const platform = scope === 'platform';
  const shared = (user?: UserItem) => !platform && user !== undefined && user.propertyNum > 1;
  return {
    save: 'u/addOrEditInternalUser',
    schema: userEndpoints['u/addOrEditInternalUser'].input,
    testId: 'edit-user-dialog',
    title: (user) => t(user ? 'member-group.user.editTitle' : 'member-group.user.createTitle'),
    intro: (user) =>
      shared(user) && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('member-group.user.sharedHelp')} />
      ),
    fields: (user) => [
      {
        name: 'name',
        label: t('member-group.user.name'),
        required: t('member-group.rules.userNameRequired'),
        testId: 'user-name',
        autoFocus: true,
        disabled: shared(user),
      },
      {
        name: 'phoneNum',
        label: t('member-group.user.phone'),
        required: t('member-group.rules.phoneRequired'),
        validate: (v) => isMobile(v) || t('member-group.rules.mobile'),
        testId: 'user-phone',
        inputMode: 'tel',
        maxLength: 11,
        disabled: shared(user),
      },
      {
        name: 'email',
        label: t('member-group.user.email'),
        validate: (v) => isEmail(v) || t('member-group.rules.email'),
        testId: 'user-email',
        inputMode: 'email',
        disabled: shared(user),
      },
      {
        name: 'password',
        label: t(user ? 'member-group.user.newPassword' : 'member-group.user.password'),
        extra: t(user ? 'member-group.user.newPasswordHelp' : 'member-group.user.passwordHelp'),
        type: 'password',
        validate: (v) => isStrongPassword(v) || t('member-group.rules.password'),
        testId: 'user-password',
        maxLength: 64,
        disabled: shared(user),
      },
      {
        name: 'oid',
        label: t('member-group.user.org'),
        extra: user ? undefined : t('member-group.user.orgHelp'),
        type: 'custom',
        control: <OrgTreeSelect testId="user-org" allowClear={!user} />,
        hidden: platform,
      },
      {
        name: 'isOperator',
        label: t('member-group.user.operator'),
        extra: t('member-group.user.operatorHelp'),
        type: 'switch',
        testId: 'user-operator',
        disabled: user !== undefined && user.uid === selfUid,
        hidden: !platform,
      },
    ],
    initialValues: (user) =>
      user
        ? {
            name: user.name,
            phoneNum: user.phoneNum,
            email: user.email ?? '',
            oid: user.oid ?? undefined,
            isOperator: user.isOperator === 1,
          }
        : { isOperator: false },
    input: async (values, user) => {
      const name = values.name.trim();
      const phoneNum = values.phoneNum.trim();
      const email = values.email?.trim() ?? '';
      const password = values.password ? await encryptPassword(values.password) : undefined;
      const isOperator = values.isOperator ? 1 : 0;
      if (!user)
        return {
          name,
          phoneNum,
          ...(email ? { email } : {}),
          ...(password ? { password } : {}),
          ...(!platform && values.oid ? { oid: values.oid } : {}),
          ...(platform ? { isOperator } : {}),
        };
      const changes = {
        ...(name !== user.name ? { name } : {}),
        ...(phoneNum !== user.phoneNum ? { phoneNum } : {}),
        ...(email !== (user.email ?? '') ? { email } : {}),
        ...(password ? { password } : {}),
        ...(!platform && values.oid && values.oid !== user.oid ? { oid: values.oid } : {}),
        ...(platform && isOperator !== user.isOperator ? { isOperator } : {}),
      };
      return Object.keys(changes).length === 0 ? null : { uid: user.uid, ...changes };
    },
    success: (_data, input, user) =>
      t(user ? 'member-group.user.saved' : 'member-group.user.created', { name: input.name ?? user?.name }),
    invalidates: ['u/getUserList', 'o/getOrgUserList'],
    tooLong: (max) => t('member-group.rules.length', { max }),
  };
}

/** `/Account/EditUserInfoDialog`: a new account (of the selected property), or `user` edited. */
export function EditUserInfoDialog({
  scope = 'property',
  open,
  user,
  onClose,
}: {
  scope?: Scope;
  open: boolean;
  user?: UserItem;
  onClose: () => void;
}) {
  return <ResourceDialog form={useUserForm(scope)} scope={scope} row={user} open={open} onClose={onClose} />;
}
