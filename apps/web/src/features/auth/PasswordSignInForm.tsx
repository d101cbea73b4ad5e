import LockOutlined from '@ant-design/icons/LockOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/client';
import { encryptPassword } from '../../shared/crypto/encrypt-password';
import { Button } from '../../shared/ui/Button';
import { PasswordInput, TextInput } from '../../shared/ui/TextInput';
import { LeanField, useLeanForm } from './lean-form';
import { authRules } from './rules';
import { useCompleteSignIn } from './use-sign-in';

export function PasswordSignInForm() {
  const { t } = useTranslation();
  const rules = authRules(t);
  const form = useLeanForm({ account: rules.account, password: rules.password });
  const complete = useCompleteSignIn();
  const [busy, setBusy] = useState(false);

  const submit = async (values: { account: string; password: string }) => {
    setBusy(true);
    try {
      const user = await api('a/login', {
        account: values.account.trim(),
        password: await encryptPassword(values.password),
      });
      await complete(user);
    } catch {
      // reported by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)} data-testid="password-sign-in-form">
      <LeanField name="account" label={t('auth.account')} error={form.errors.account}>
        <TextInput
          {...form.bind('account')}
          prefix={<UserOutlined />}
          placeholder={t('auth.accountPlaceholder')}
          autoComplete="username"
          data-testid="account"
        />
      </LeanField>
      <LeanField name="password" label={t('auth.password')} error={form.errors.password}>
        <PasswordInput
          {...form.bind('password')}
          prefix={<LockOutlined />}
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete="current-password"
          toggleLabel={t('auth.showPassword')}
          data-testid="password"
        />
      </LeanField>
      <Button variant="primary" htmlType="submit" block loading={busy} data-testid="sign-in-submit">
        {t('auth.signIn')}
      </Button>
    </form>
  );
}
