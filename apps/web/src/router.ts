import { createRouter } from '@tanstack/react-router';
import { queryClient } from './query-client';
import { routeTree } from './routeTree.gen';
import { currentLanguage } from './shared/i18n/language';
import { localeRewrite } from './shared/i18n/locale-path';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  rewrite: localeRewrite(currentLanguage),
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
