import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/client';
import { encryptPassword } from '../../shared/crypto/encrypt-password';
import { Button } from '../../shared/ui/Button';
import { PasswordInput, TextInput } from '../../shared/ui/TextInput';
import { LeanField, useLeanForm } from './lean-form';
import { authRules } from './rules';
import { CodeField, PhoneField } from './SendCodeButton';
import { useCompleteSignIn } from './use-sign-in';

export function RegisterForm() {
  const { t } = useTranslation();
  const rules = authRules(t);
  const form = useLeanForm({ name: rules.name, phoneNum: rules.phone, code: rules.code, password: rules.newPassword });
  const complete = useCompleteSignIn();
  const [busy, setBusy] = useState(false);

  const submit = async (values: { name: string; phoneNum: string; code: string; password: string }) => {
    setBusy(true);
    try {
      const user = await api('a/register', {
        name: values.name.trim(),
        phoneNum: values.phoneNum.trim(),
        code: values.code.trim(),
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
    <form noValidate onSubmit={form.onSubmit(submit)} data-testid="register-form">
      <LeanField name="name" label={t('auth.name')} error={form.errors.name}>
        <TextInput {...form.bind('name')} placeholder={t('auth.namePlaceholder')} maxLength={32} data-testid="name" />
      </LeanField>
      <PhoneField form={form} />
      <CodeField form={form} purpose="register" />
      <LeanField name="password" label={t('auth.password')} error={form.errors.password} extra={t('auth.passwordHint')}>
        <PasswordInput
          {...form.bind('password')}
          autoComplete="new-password"
          toggleLabel={t('auth.showPassword')}
          data-testid="password"
        />
      </LeanField>
      <Button variant="primary" htmlType="submit" block loading={busy} data-testid="register-submit">
        {t('auth.register')}
      </Button>
    </form>
  );
}
