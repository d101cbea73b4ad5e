import type { UserItem } from '@keel/contract/endpoints/user';
import { isEmail, isMobile, isStrongPassword } from '@keel/contract/validators';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Switch from 'antd/es/switch';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { encryptPassword } from '../../../shared/crypto/encrypt-password';
import { OrgTreeSelect } from '../../../shared/pickers/OrgTreeSelect';
import { useSession } from '../../../shared/session/session-store';
import { toast } from '../../../shared/toast/toast-store';
import { call, invalidate, type Scope } from '../api';

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
  const queryClient = useQueryClient();
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

  const submit = async (values: Values) => {
    const name = values.name.trim();
    const phoneNum = values.phoneNum.trim();
    const email = values.email?.trim() ?? '';
    try {
      const password = values.password ? await encryptPassword(values.password) : undefined;
      if (user) {
        const changes = {
          uid: user.uid,
          ...(name !== user.name ? { name } : {}),
          ...(phoneNum !== user.phoneNum ? { phoneNum } : {}),
          ...(email !== (user.email ?? '') ? { email } : {}),
          ...(password ? { password } : {}),
          ...(!platform && values.oid && values.oid !== user.oid ? { oid: values.oid } : {}),
          ...(platform && (values.isOperator ? 1 : 0) !== user.isOperator
            ? { isOperator: values.isOperator ? 1 : 0 }
            : {}),
        } as const;
        if (Object.keys(changes).length === 1) return true;
        await call('u/addOrEditInternalUser', changes, scope);
        toast.success(t('directory.user.saved', { name }));
      } else {
        await call(
          'u/addOrEditInternalUser',
          {
            name,
            phoneNum,
            ...(email ? { email } : {}),
            ...(password ? { password } : {}),
            ...(!platform && values.oid ? { oid: values.oid } : {}),
            ...(platform ? { isOperator: values.isOperator ? 1 : 0 } : {}),
          },
          scope,
        );
        toast.success(t('directory.user.created', { name }));
      }
      await invalidate(queryClient, 'u/getUserList', 'o/getOrgUserList');
      return true;
    } catch {
      return false;
    }
  };

  const shared = !platform && user !== undefined && user.propertyNum > 1;
  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title={user ? t('directory.user.editTitle') : t('directory.user.createTitle')}
      initialValues={initialValues}
      onSubmit={submit}
      testId="edit-user-dialog"
    >
      {shared && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('directory.user.sharedHelp')} />}
      <Form.Item
        name="name"
        label={t('directory.user.name')}
        rules={[
          { required: true, whitespace: true, message: t('directory.rules.userNameRequired') },
          { max: 32, message: t('directory.rules.length', { max: 32 }) },
        ]}
      >
        <Input data-testid="user-name" maxLength={32} autoFocus disabled={shared} />
      </Form.Item>
      <Form.Item
        name="phoneNum"
        label={t('directory.user.phone')}
        rules={[
          { required: true, whitespace: true, message: t('directory.rules.phoneRequired') },
          {
            validator: async (_: unknown, value?: string) => {
              if (value?.trim() && !isMobile(value.trim())) throw new Error(t('directory.rules.mobile'));
            },
          },
        ]}
      >
        <Input data-testid="user-phone" inputMode="tel" maxLength={11} disabled={shared} />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('directory.user.email')}
        rules={[
          {
            validator: async (_: unknown, value?: string) => {
              if (value?.trim() && !isEmail(value.trim())) throw new Error(t('directory.rules.email'));
            },
          },
        ]}
      >
        <Input data-testid="user-email" maxLength={100} inputMode="email" disabled={shared} />
      </Form.Item>
      <Form.Item
        name="password"
        label={user ? t('directory.user.newPassword') : t('directory.user.password')}
        extra={user ? t('directory.user.newPasswordHelp') : t('directory.user.passwordHelp')}
        rules={[
          {
            validator: async (_: unknown, value?: string) => {
              if (value && !isStrongPassword(value)) throw new Error(t('directory.rules.password'));
            },
          },
        ]}
      >
        <Input.Password data-testid="user-password" autoComplete="new-password" maxLength={64} disabled={shared} />
      </Form.Item>
      {!platform && (
        <Form.Item name="oid" label={t('directory.user.org')} extra={user ? undefined : t('directory.user.orgHelp')}>
          <OrgTreeSelect testId="user-org" allowClear={!user} />
        </Form.Item>
      )}
      {platform && (
        <Form.Item
          name="isOperator"
          label={t('directory.user.operator')}
          valuePropName="checked"
          extra={t('directory.user.operatorHelp')}
        >
          <Switch data-testid="user-operator" disabled={user !== undefined && user.uid === selfUid} />
        </Form.Item>
      )}
    </FormDialog>
  );
}
