import { type UserItem, userEndpoints } from '@keel/contract/endpoints/user';
import { isEmail, isMobile, isStrongPassword } from '@keel/contract/validators';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Switch from 'antd/es/switch';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { encryptPassword } from '../../../shared/crypto/encrypt-password';
import { maxLengthOf } from '../../../shared/forms/zod-limits';
import { OrgTreeSelect } from '../../../shared/pickers/OrgTreeSelect';
import { useSession } from '../../../shared/session/session-store';
import type { Scope } from '../api';

const userInput = userEndpoints['u/addOrEditInternalUser'].input;
const NAME_MAX = maxLengthOf(userInput, 'name');
const EMAIL_MAX = maxLengthOf(userInput, 'email');

interface Values {
  name: string;
  phoneNum: string;
  email?: string;
  password?: string;
  oid?: string;
  isOperator?: boolean;
}

/**
 * `/Account/EditUserInfoDialog`: create an account or edit one (`u/addOrEditInternalUser`). An administrator
 * creates it as a member on a node of the selected property and may move it; an operator creates a bare account
 * and may grant the operator flag. Editing sends only what changed, so moving a member does not touch a profile
 * the property may not change (an account shared with other properties).
 */
export function EditUserInfoDialog({
  scope = 'property',
  open,
  user,
  onClose,
}: {
  scope?: Scope;
  open: boolean;
  /** The account to edit; none creates one. */
  user?: UserItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const selfUid = useSession((s) => s.userInfo?.uid);
  const platform = scope === 'platform';
  const initialValues = useMemo<Partial<Values>>(
    () =>
      user
        ? {
            name: user.name,
            phoneNum: user.phoneNum,
            email: user.email ?? '',
            oid: user.oid ?? undefined,
            isOperator: user.isOperator === 1,
          }
        : { isOperator: false },
    [user],
  );

  const saveUser = useApiMutation('u/addOrEditInternalUser', {
    scope,
    invalidates: ['u/getUserList', 'o/getOrgUserList'],
    success: (_data, input) =>
      t(user ? 'member-group.user.saved' : 'member-group.user.created', { name: input.name ?? user?.name }),
  });

  const submit = async (values: Values) => {
    const name = values.name.trim();
    const phoneNum = values.phoneNum.trim();
    const email = values.email?.trim() ?? '';
    const password = values.password ? await encryptPassword(values.password) : undefined;
    if (!user)
      return saveUser({
        name,
        phoneNum,
        ...(email ? { email } : {}),
        ...(password ? { password } : {}),
        ...(!platform && values.oid ? { oid: values.oid } : {}),
        ...(platform ? { isOperator: values.isOperator ? 1 : 0 } : {}),
      });
    const changes = {
      uid: user.uid,
      ...(name !== user.name ? { name } : {}),
      ...(phoneNum !== user.phoneNum ? { phoneNum } : {}),
      ...(email !== (user.email ?? '') ? { email } : {}),
      ...(password ? { password } : {}),
      ...(!platform && values.oid && values.oid !== user.oid ? { oid: values.oid } : {}),
      ...(platform && (values.isOperator ? 1 : 0) !== user.isOperator ? { isOperator: values.isOperator ? 1 : 0 } : {}),
    } as const;
    return Object.keys(changes).length === 1 ? true : saveUser(changes);
  };

  const shared = !platform && user !== undefined && user.propertyNum > 1;
  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title={user ? t('member-group.user.editTitle') : t('member-group.user.createTitle')}
      initialValues={initialValues}
      onSubmit={submit}
      testId="edit-user-dialog"
    >
      {shared && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('member-group.user.sharedHelp')} />}
      <Form.Item
        name="name"
        label={t('member-group.user.name')}
        rules={[
          { required: true, whitespace: true, message: t('member-group.rules.userNameRequired') },
          { max: NAME_MAX, message: t('member-group.rules.length', { max: NAME_MAX }) },
        ]}
      >
        <Input data-testid="user-name" maxLength={NAME_MAX} autoFocus disabled={shared} />
      </Form.Item>
      <Form.Item
        name="phoneNum"
        label={t('member-group.user.phone')}
        rules={[
          { required: true, whitespace: true, message: t('member-group.rules.phoneRequired') },
          {
            validator: async (_: unknown, value?: string) => {
              if (value?.trim() && !isMobile(value.trim())) throw new Error(t('member-group.rules.mobile'));
            },
          },
        ]}
      >
        <Input data-testid="user-phone" inputMode="tel" maxLength={11} disabled={shared} />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('member-group.user.email')}
        rules={[
          {
            validator: async (_: unknown, value?: string) => {
              if (value?.trim() && !isEmail(value.trim())) throw new Error(t('member-group.rules.email'));
            },
          },
        ]}
      >
        <Input data-testid="user-email" maxLength={EMAIL_MAX} inputMode="email" disabled={shared} />
      </Form.Item>
      <Form.Item
        name="password"
        label={user ? t('member-group.user.newPassword') : t('member-group.user.password')}
        extra={user ? t('member-group.user.newPasswordHelp') : t('member-group.user.passwordHelp')}
        rules={[
          {
            validator: async (_: unknown, value?: string) => {
              if (value && !isStrongPassword(value)) throw new Error(t('member-group.rules.password'));
            },
          },
        ]}
      >
        <Input.Password data-testid="user-password" autoComplete="new-password" maxLength={64} disabled={shared} />
      </Form.Item>
      {!platform && (
        <Form.Item
          name="oid"
          label={t('member-group.user.org')}
          extra={user ? undefined : t('member-group.user.orgHelp')}
        >
          <OrgTreeSelect testId="user-org" allowClear={!user} />
        </Form.Item>
      )}
      {platform && (
        <Form.Item
          name="isOperator"
          label={t('member-group.user.operator')}
          valuePropName="checked"
          extra={t('member-group.user.operatorHelp')}
        >
          <Switch data-testid="user-operator" disabled={user !== undefined && user.uid === selfUid} />
        </Form.Item>
      )}
    </FormDialog>
  );
}
