import { Brand } from './Brand';
import { ConsoleLayout } from './ConsoleLayout';
import { LanguageSwitch } from './LanguageSwitch';
import { PropertySwitcher } from './PropertySwitcher';
import { UnreadBadge } from './UnreadBadge';
import { UserMenu } from './UserMenu';

/** Head + side menu + content, for property pages. */
export function DefaultLayout() {
  return (
    <ConsoleLayout
      scope="property"
      brand={<Brand to="/home" />}
      actions={
        <>
          <PropertySwitcher />
          <LanguageSwitch />
          <UnreadBadge />
          <UserMenu />
        </>
      }
    />
  );
}
