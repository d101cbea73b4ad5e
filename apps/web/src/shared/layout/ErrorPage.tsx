import { Link } from '@tanstack/react-router';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import '../ui/ui.css';
import { useDocumentTitle } from './use-document-title';

/** SPEC §8: default 500; a status must be 100–999. */
export function errorStatus(code: unknown): number {
  return typeof code === 'number' && Number.isInteger(code) && code >= 100 && code <= 999 ? code : 500;
}

/**
 * The error page: the status code, a message and a link back home. The link is one element styled as a button
 * (no button inside a link: one stop for the keyboard, one name for a screen reader).
 */
export function ErrorPage({ status, message }: { status: number; message: string }) {
  const { t } = useTranslation();
  const code = errorStatus(status);
  useDocumentTitle(String(code));
  const resultStatus = code === 404 || code === 403 ? (String(code) as '404' | '403') : code >= 500 ? '500' : 'warning';
  return (
    <div
      data-testid="error-page"
      style={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <Result
        status={resultStatus}
        title={<span data-testid="error-status">{code}</span>}
        subTitle={<span data-testid="error-message">{message}</span>}
        extra={
          <Link to="/home" data-testid="error-home-link" className="k-button k-button--primary">
            {t('error.backHome')}
          </Link>
        }
      />
    </div>
  );
}

/** Unknown routes: 404 with 'Page Not Found: {path}'. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorPage status={404} message={t('error.notFound', { path: window.location.pathname })} />;
}

/** A page the user may not open in the selected property: 403 with a way back. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return <ErrorPage status={403} message={t('error.forbidden')} />;
}
