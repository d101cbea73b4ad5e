import type { CODE_PURPOSES } from '@keel/contract/constants';
import { isMobile } from '@keel/contract/validators';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/client';
import { phoneNumExists } from '../../shared/api/phone-exists';
import { toast } from '../../shared/toast/toast-store';
import { Button } from '../../shared/ui/Button';
import { TextInput } from '../../shared/ui/TextInput';
import { LeanField, type LeanForm } from './lean-form';
import { useCountdown } from './use-countdown';

export const RESEND_SECONDS = 60;
type Purpose = (typeof CODE_PURPOSES)[number];

/**
 * Sends a verification code to the form's `phoneNum` after validating it, then counts down 60 s. For registration
 * the phone must not be registered yet (`a/ifPhoneNumExist`).
 */
export function SendCodeButton({ form, purpose }: { form: LeanForm<'phoneNum'>; purpose: Purpose }) {
  const { t } = useTranslation();
  const [left, start] = useCountdown(RESEND_SECONDS);
  const [sending, setSending] = useState(false);

  const send = async () => {
    const checked = form.validate(['phoneNum']);
    if (!checked) return;
    const phoneNum = checked.phoneNum.trim();
    if (!isMobile(phoneNum)) return;
    setSending(true);
    try {
      if (purpose === 'register' && (await phoneNumExists(phoneNum))) {
        form.setError('phoneNum', t('auth.phoneRegistered'));
        return;
      }
      await api('a/sendCode', { phoneNum, purpose });
      toast.success(t('auth.codeSent'));
      start();
    } catch {
      // the client already showed the server's message
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      data-testid="send-code"
      disabled={left > 0}
      loading={sending}
      onClick={() => void send()}
      style={{ minWidth: 120 }}
    >
      {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.sendCode')}
    </Button>
  );
}

/** The verification-code input with its send button beside it. */
export function CodeField({ form, purpose }: { form: LeanForm<'phoneNum' | 'code'>; purpose: Purpose }) {
  const { t } = useTranslation();
  return (
    <LeanField name="code" label={t('auth.code')} error={form.errors.code}>
      <div style={{ display: 'flex', gap: 8 }}>
        <TextInput {...form.bind('code')} placeholder={t('auth.codePlaceholder')} maxLength={6} data-testid="code" />
        <SendCodeButton form={form} purpose={purpose} />
      </div>
    </LeanField>
  );
}

/** The mobile-number input. */
export function PhoneField({ form, prefix }: { form: LeanForm<'phoneNum'>; prefix?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <LeanField name="phoneNum" label={t('auth.phone')} error={form.errors.phoneNum}>
      <TextInput
        {...form.bind('phoneNum')}
        prefix={prefix}
        placeholder={t('auth.phonePlaceholder')}
        maxLength={11}
        data-testid="phone"
      />
    </LeanField>
  );
}
