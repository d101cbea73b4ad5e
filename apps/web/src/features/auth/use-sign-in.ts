import type { UserInfo } from '@keel/contract/endpoints/auth';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useSession } from '../../shared/session/session-store';

/** Stores the signed-in user (selecting the first property) and opens `/home`. */
export function useCompleteSignIn(): (user: UserInfo) => Promise<void> {
  const login = useSession((s) => s.login);
  const navigate = useNavigate();
  return useCallback(
    async (user) => {
      await login(user);
      await navigate({ to: '/home' });
    },
    [login, navigate],
  );
}
