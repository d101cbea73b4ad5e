import type { ReactNode } from 'react';
import { Brand } from './Brand';
import { ConsoleLayout } from './ConsoleLayout';
import { LanguageSwitch } from './LanguageSwitch';
import { PropertySwitcher } from './PropertySwitcher';
import { UnreadBadge } from './UnreadBadge';
import { UserMenu } from './UserMenu';

/** Head + side menu + content, for property pages; `children` replaces the routed page (the 404 page). */
export function DefaultLayout({ children }: { children?: ReactNode } = {}) {
  return (
    <ConsoleLayout
      content={children}
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
