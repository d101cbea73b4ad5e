import MobileOutlined from '@ant-design/icons/MobileOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/client';
import { Button } from '../../shared/ui/Button';
import { useLeanForm } from './lean-form';
import { authRules } from './rules';
import { CodeField, PhoneField } from './SendCodeButton';
import { useCompleteSignIn } from './use-sign-in';

export function CodeSignInForm() {
  const { t } = useTranslation();
  const rules = authRules(t);
  const form = useLeanForm({ phoneNum: rules.phone, code: rules.code });
  const complete = useCompleteSignIn();
  const [busy, setBusy] = useState(false);

  const submit = async (values: { phoneNum: string; code: string }) => {
    setBusy(true);
    try {
      await complete(await api('a/loginByCode', { phoneNum: values.phoneNum.trim(), code: values.code.trim() }));
    } catch {
      // reported by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)} data-testid="code-sign-in-form">
      <PhoneField form={form} prefix={<MobileOutlined />} />
      <CodeField form={form} purpose="signIn" />
      <Button variant="primary" htmlType="submit" block loading={busy} data-testid="code-sign-in-submit">
        {t('auth.signIn')}
      </Button>
    </form>
  );
}
