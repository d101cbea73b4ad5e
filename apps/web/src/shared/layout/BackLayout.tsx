import { useTranslation } from 'react-i18next';
import { Brand } from './Brand';
import { ConsoleLayout } from './ConsoleLayout';
import { LanguageSwitch } from './LanguageSwitch';
import { UnreadBadge } from './UnreadBadge';
import { UserMenu } from './UserMenu';

/** The back office for platform operators: dark head and menu, platform-scope pages. */
export function BackLayout() {
  const { t } = useTranslation();
  return (
    <ConsoleLayout
      scope="platform"
      dark
      data-testid="back-layout"
      brand={
        <>
          <Brand to="/Backend/BackendHome" light suffix={t('shell.backOffice')} />
          <span className="k-tag k-tag--gold k-narrow-hidden">{t('shell.operator')}</span>
        </>
      }
      actions={
        <>
          <LanguageSwitch light />
          <UnreadBadge light />
          <UserMenu light />
        </>
      }
    />
  );
}
