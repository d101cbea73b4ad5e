import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function Brand({ to, light, suffix }: { to: string; light?: boolean; suffix?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      data-testid="brand"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 10,
        color: light ? '#fff' : '#1f1f1f',
        textDecoration: 'none',
      }}
    >
      <span
        aria-hidden
        style={{
          width: 28,
          height: 28,
          borderRadius: 6,
          background: light ? '#fff' : '#0958d9',
          color: light ? '#001529' : '#fff',
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontWeight: 700,
        }}
      >
        K
      </span>
      <span className="k-narrow-hidden" style={{ fontWeight: 600, fontSize: 16, whiteSpace: 'nowrap' }}>
        {t('app.name')}
        {suffix ? ` · ${suffix}` : ''}
      </span>
    </Link>
  );
}
