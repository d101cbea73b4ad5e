import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Brand } from './Brand';
import { LanguageSwitch } from './LanguageSwitch';
import { useDocumentTitle } from './use-document-title';

/** The sign-in page's layout: a brand panel and the form card. */
export function IndexLayout() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.signInTitle'));
  return (
    <div
      data-testid="index-layout"
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: 'linear-gradient(135deg, #e6f0ff 0%, #f7f9fc 55%, #eef6f0 100%)',
      }}
    >
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '16px 32px' }}>
        <Brand to="/" />
        <LanguageSwitch />
      </header>
      <main
        style={{
          flex: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 64,
          padding: 24,
          flexWrap: 'wrap',
        }}
      >
        <section style={{ maxWidth: 380 }}>
          <h1 style={{ fontSize: 32, margin: '0 0 12px', color: '#1f1f1f' }}>{t('app.name')}</h1>
          <p style={{ fontSize: 16, color: '#595959', lineHeight: 1.7, margin: 0 }}>{t('app.tagline')}</p>
        </section>
        <Outlet />
      </main>
      <footer style={{ textAlign: 'center', padding: 16, color: '#595959', fontSize: 12 }}>{t('app.footer')}</footer>
    </div>
  );
}
