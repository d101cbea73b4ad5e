import Button from 'antd/es/button';
import useToken from 'antd/es/theme/useToken';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeSignInForm } from './CodeSignInForm';
import { PasswordSignInForm } from './PasswordSignInForm';
import { RegisterForm } from './RegisterForm';
import { ResetPasswordForm } from './ResetPasswordForm';

type View = 'signIn' | 'register' | 'reset';
type Method = 'password' | 'code';

/** `/`: sign in (password or code tabs), registration and forgotten password on one card. */
export function SignInPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('signIn');
  const [method, setMethod] = useState<Method>('password');
  const titles: Record<View, string> = {
    signIn: t('auth.signInTitle'),
    register: t('auth.registerTitle'),
    reset: t('auth.resetTitle'),
  };
  return (
    // A plain panel rather than antd Card: Card brings Tabs and Skeleton into the sign-in page's chunks.
    <section
      data-testid="auth-card"
      aria-label={titles[view]}
      style={{
        width: 400,
        maxWidth: '100%',
        background: '#fff',
        borderRadius: 8,
        boxShadow: '0 8px 24px rgba(0,0,0,0.08)',
        padding: '20px 24px 16px',
      }}
    >
      <h2 style={{ fontSize: 18, fontWeight: 600, margin: '0 0 16px' }}>{titles[view]}</h2>
      {view === 'signIn' && (
        <>
          <MethodTabs
            value={method}
            onChange={setMethod}
            options={[
              { value: 'password', label: <span data-testid="tab-password">{t('auth.byPassword')}</span> },
              { value: 'code', label: <span data-testid="tab-code">{t('auth.byCode')}</span> },
            ]}
          />
          {method === 'password' ? <PasswordSignInForm /> : <CodeSignInForm />}
        </>
      )}
      {view === 'register' && <RegisterForm />}
      {view === 'reset' && <ResetPasswordForm onDone={() => setView('signIn')} />}
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        {view === 'signIn' ? (
          <>
            <Button type="link" style={{ padding: 0 }} onClick={() => setView('register')} data-testid="go-register">
              {t('auth.toRegister')}
            </Button>
            <Button type="link" style={{ padding: 0 }} onClick={() => setView('reset')} data-testid="go-reset">
              {t('auth.toReset')}
            </Button>
          </>
        ) : (
          <Button type="link" style={{ padding: 0 }} onClick={() => setView('signIn')} data-testid="go-sign-in">
            {t('auth.toSignIn')}
          </Button>
        )}
      </div>
    </section>
  );
}

/**
 * The password / code switch, drawn like antd Segmented (block). Decision: Segmented with its motion and styles
 * was about 10 KB gzip of the sign-in page's budget (tools/bundle-budget.ts) for two buttons.
 */
function MethodTabs<T extends string>(props: {
  value: T;
  onChange: (value: T) => void;
  options: { value: T; label: ReactNode }[];
}) {
  const [, token] = useToken();
  return (
    <div
      role="tablist"
      style={{
        display: 'flex',
        padding: token.paddingXXS,
        marginBottom: 20,
        background: token.colorBgLayout,
        borderRadius: token.borderRadius,
      }}
    >
      {props.options.map((option) => {
        const selected = option.value === props.value;
        return (
          <button
            key={option.value}
            type="button"
            role="tab"
            aria-selected={selected}
            onClick={() => props.onChange(option.value)}
            style={{
              flex: 1,
              minHeight: token.controlHeight - token.paddingXXS * 2,
              padding: `0 ${token.paddingSM - token.lineWidth}px`,
              border: 'none',
              borderRadius: token.borderRadiusSM,
              font: 'inherit',
              fontSize: token.fontSize,
              lineHeight: token.lineHeight,
              cursor: 'pointer',
              color: selected ? token.colorText : token.colorTextLabel,
              background: selected ? token.colorBgElevated : 'transparent',
              boxShadow: selected ? token.boxShadowTertiary : 'none',
              transition: `all ${token.motionDurationMid}`,
            }}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
