import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/client';
import { encryptPassword } from '../../shared/crypto/encrypt-password';
import { toast } from '../../shared/toast/toast-store';
import { Button } from '../../shared/ui/Button';
import { PasswordInput } from '../../shared/ui/TextInput';
import { LeanField, useLeanForm } from './lean-form';
import { authRules } from './rules';
import { CodeField, PhoneField } from './SendCodeButton';

export function ResetPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const rules = authRules(t);
  const form = useLeanForm({ phoneNum: rules.phone, code: rules.code, password: rules.newPassword });
  const [busy, setBusy] = useState(false);

  const submit = async (values: { phoneNum: string; code: string; password: string }) => {
    setBusy(true);
    try {
      await api('a/forgetPassword', {
        phoneNum: values.phoneNum.trim(),
        code: values.code.trim(),
        password: await encryptPassword(values.password),
      });
      toast.success(t('auth.passwordReset'));
      onDone();
    } catch {
      // reported by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)} data-testid="reset-form">
      <PhoneField form={form} />
      <CodeField form={form} purpose="reset" />
      <LeanField
        name="password"
        label={t('auth.newPassword')}
        error={form.errors.password}
        extra={t('auth.passwordHint')}
      >
        <PasswordInput
          {...form.bind('password')}
          autoComplete="new-password"
          toggleLabel={t('auth.showPassword')}
          data-testid="password"
        />
      </LeanField>
      <Button variant="primary" htmlType="submit" block loading={busy} data-testid="reset-submit">
        {t('auth.resetPassword')}
      </Button>
    </form>
  );
}
