import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { documentTitle } from '../menu/page-trail';

/**
 * Names the page in the browser tab, in the current language (`null`: the product alone; `undefined`: leaves the
 * title to a component inside, such as the error page).
 */
export function useDocumentTitle(page: string | null | undefined): void {
  const { t } = useTranslation();
  const title = page === undefined ? undefined : documentTitle(page, t('app.name'));
  useEffect(() => {
    if (title !== undefined) document.title = title;
  }, [title]);
}
