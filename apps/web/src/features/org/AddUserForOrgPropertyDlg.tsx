import type { OrgNode } from '@keel/contract/endpoints/org';
import { isEmail, isMobile, isStrongPassword } from '@keel/contract/validators';
import { useQueryClient } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../shared/admin-kit/FormDialog';
import { encryptPassword } from '../../shared/crypto/encrypt-password';
import { OrgTreeSelect } from '../../shared/pickers/OrgTreeSelect';
import { toast } from '../../shared/toast/toast-store';
import { orgApi } from './api';

interface Values {
  name: string;
  phoneNum: string;
  email?: string;
  password?: string;
  oid?: string;
}

/**
 * `/Account/AddUserForOrgPropertyDlg`: create an account for a phone that has none and place it on a node
 * (`o/registerOrgUser`); without a password the user signs in with a code.
 */
export function AddUserForOrgPropertyDlg({
  open,
  onClose,
  oid,
  pno,
  tree,
}: {
  open: boolean;
  onClose: () => void;
  oid?: string;
  /** Back office: the property (called without the `pno` header) and its tree. */
  pno?: string;
  tree?: readonly OrgNode[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const initialValues = useMemo(() => ({ oid }), [oid]);
  const submit = async (values: Values) => {
    try {
      const password = values.password ? await encryptPassword(values.password) : undefined;
      await orgApi(pno, 'o/registerOrgUser', {
        name: values.name.trim(),
        phoneNum: values.phoneNum.trim(),
        email: values.email?.trim() || undefined,
        password,
        oid: values.oid,
      });
      toast.success(t('org.addUser.created', { name: values.name.trim() }));
      await queryClient.invalidateQueries();
      return true;
    } catch {
      return false;
    }
  };
  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title={t('org.addUser.title')}
      initialValues={initialValues}
      onSubmit={submit}
      testId="add-user-dialog"
    >
      <Typography.Paragraph type="secondary">{t('org.addUser.help')}</Typography.Paragraph>
      <Form.Item
        name="name"
        label={t('org.member.name')}
        rules={[
          { required: true, whitespace: true, message: t('org.rules.nameRequired') },
          { max: 32, message: t('org.rules.nameLength') },
        ]}
      >
        <Input data-testid="add-user-name" maxLength={32} autoFocus />
      </Form.Item>
      <Form.Item
        name="phoneNum"
        label={t('org.member.phone')}
        rules={[
          { required: true, whitespace: true, message: t('org.rules.phoneRequired') },
          {
            validator: async (_, value?: string) => {
              if (value?.trim() && !isMobile(value.trim())) throw new Error(t('org.rules.phone'));
            },
          },
        ]}
      >
        <Input data-testid="add-user-phone" inputMode="tel" maxLength={11} />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('org.member.email')}
        rules={[
          {
            validator: async (_, value?: string) => {
              if (value?.trim() && !isEmail(value.trim())) throw new Error(t('org.rules.email'));
            },
          },
        ]}
      >
        <Input data-testid="add-user-email" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('org.addUser.password')}
        extra={t('org.addUser.passwordHelp')}
        rules={[
          {
            validator: async (_, value?: string) => {
              if (value && !isStrongPassword(value)) throw new Error(t('org.rules.password'));
            },
          },
        ]}
      >
        <Input.Password data-testid="add-user-password" autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Form.Item name="oid" label={t('org.member.org')}>
        <OrgTreeSelect testId="add-user-org" tree={tree} />
      </Form.Item>
    </FormDialog>
  );
}
