import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { api } from '../api/client';
import { useSession } from './session-store';

/** `a/logout` (revokes the token), then clears the session and goes to `/`, whatever the server answered. */
export async function signOut(router: AnyRouter, queryClient: QueryClient): Promise<void> {
  try {
    await api('a/logout', {});
  } catch {
    // the local session is cleared regardless
  }
  useSession.getState().clearUserInfo();
  queryClient.clear();
  await router.navigate({ to: '/' });
}
