import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/Button';
import { CodeSignInForm } from './CodeSignInForm';
import { PasswordSignInForm } from './PasswordSignInForm';
import './auth.css';

// Registration and the forgotten-password form load when chosen: most visits only sign in.
const RegisterForm = lazy(() => import('./RegisterForm').then((m) => ({ default: m.RegisterForm })));
const ResetPasswordForm = lazy(() => import('./ResetPasswordForm').then((m) => ({ default: m.ResetPasswordForm })));

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
    <section data-testid="auth-card" aria-label={titles[view]} className="k-auth-card">
      <h2 className="k-auth-title">{titles[view]}</h2>
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
      <Suspense fallback={null}>
        {view === 'register' && <RegisterForm />}
        {view === 'reset' && <ResetPasswordForm onDone={() => setView('signIn')} />}
      </Suspense>
      <div className="k-auth-links">
        {view === 'signIn' ? (
          <>
            <Button variant="link" style={{ padding: 0 }} onClick={() => setView('register')} data-testid="go-register">
              {t('auth.toRegister')}
            </Button>
            <Button variant="link" style={{ padding: 0 }} onClick={() => setView('reset')} data-testid="go-reset">
              {t('auth.toReset')}
            </Button>
          </>
        ) : (
          <Button variant="link" style={{ padding: 0 }} onClick={() => setView('signIn')} data-testid="go-sign-in">
            {t('auth.toSignIn')}
          </Button>
        )}
      </div>
    </section>
  );
}

/**
 * The password / code switch, drawn like antd Segmented (block) by `auth.css`. Decision: Segmented with its motion
 * and styles was about 10 KB gzip of the sign-in page's budget (tools/bundle-budget.ts) for two buttons.
 */
function MethodTabs<T extends string>(props: {
  value: T;
  onChange: (value: T) => void;
  options: { value: T; label: ReactNode }[];
}) {
  return (
    <div role="tablist" className="k-segmented">
      {props.options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="tab"
          aria-selected={option.value === props.value}
          className="k-segmented-item"
          onClick={() => props.onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
