import { useSession } from '../session/session-store';
import { DefaultLayout } from './DefaultLayout';
import { LazyNotFoundPage } from './LazyErrorPage';

/**
 * Unknown paths: the 404 page inside the console layout for a signed-in user (head and menu stay, so the way on is
 * at hand), on its own for a visitor. The server answers such paths with HTTP 404 (`platform/http/web.ts`).
 */
export function RootNotFound() {
  const signedIn = useSession((s) => s.userInfo !== null);
  return signedIn ? (
    <DefaultLayout>
      <LazyNotFoundPage />
    </DefaultLayout>
  ) : (
    <LazyNotFoundPage />
  );
}
