import { lazy, Suspense } from 'react';

/** The error and 404 pages load on demand (antd Result's illustrations stay out of the entry chunk). */
const ErrorPageChunk = lazy(() => import('./ErrorPage').then((m) => ({ default: m.ErrorPage })));
const NotFoundChunk = lazy(() => import('./ErrorPage').then((m) => ({ default: m.NotFoundPage })));
const ForbiddenChunk = lazy(() => import('./ErrorPage').then((m) => ({ default: m.ForbiddenPage })));

export function LazyErrorPage(props: { status: number; message: string }) {
  return (
    <Suspense fallback={null}>
      <ErrorPageChunk {...props} />
    </Suspense>
  );
}

export function LazyNotFoundPage() {
  return (
    <Suspense fallback={null}>
      <NotFoundChunk />
    </Suspense>
  );
}

export function LazyForbiddenPage() {
  return (
    <Suspense fallback={null}>
      <ForbiddenChunk />
    </Suspense>
  );
}
