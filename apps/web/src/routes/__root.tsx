import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, type ErrorComponentProps, Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../shared/api/api-error';
import { LazyErrorPage } from '../shared/layout/LazyErrorPage';
import { RootNotFound } from '../shared/layout/RootNotFound';
import { isChunkLoadError, reloadOnChunkError } from '../shared/runtime/chunk-reload';

function RootError({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  if (isChunkLoadError(error)) reloadOnChunkError();
  const status = error instanceof ApiError && error.kind === 'http' ? error.status : 500;
  return (
    <LazyErrorPage
      status={status}
      message={error instanceof Error && error.message ? error.message : t('error.generic')}
    />
  );
}

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Outlet,
  notFoundComponent: RootNotFound,
  errorComponent: RootError,
});
