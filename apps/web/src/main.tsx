import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import ConfigProvider from 'antd/es/config-provider';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { queryClient } from './query-client';
import { router } from './router';
import { setSessionExpiredHandler } from './shared/api/client';
import { initI18n } from './shared/i18n/i18n';
import { storeLanguage } from './shared/i18n/language';
import { localeFromPath } from './shared/i18n/locale-path';
import { useMediaQuery } from './shared/layout/use-media-query';
import { startBuildPolling } from './shared/runtime/build-poll';
import { installChunkReloadGuard } from './shared/runtime/chunk-reload';
import { markResolvedRoute } from './shared/runtime/route-marker';
import { fetchMenuIds } from './shared/session/menu-ids';
import { setMenuIdsLoader, useSession } from './shared/session/session-store';
import { Toaster } from './shared/toast/Toaster';
import { consoleTheme, stillConsoleTheme } from './shared/ui/theme';

function App() {
  const { i18n } = useTranslation();
  // A reader who asked their system for less motion (WCAG 2.3.3) gets antd's motion off, as ui.css does for its own.
  const still = useMediaQuery('(prefers-reduced-motion: reduce)');
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN} theme={still ? stillConsoleTheme : consoleTheme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </ConfigProvider>
  );
}

async function start() {
  installChunkReloadGuard();
  const locale = localeFromPath(location.pathname);
  storeLanguage(locale);
  await initI18n(locale);
  setSessionExpiredHandler(() => void router.navigate({ to: '/' }));
  markResolvedRoute(router);
  setMenuIdsLoader(fetchMenuIds);
  startBuildPolling();
  // The menu-id list lives in memory: refetch it for the stored property after a reload (SPEC §4 selection).
  const { userInfo, selectedProperty, selectProperty } = useSession.getState();
  if (userInfo && selectedProperty) void selectProperty(selectedProperty);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
