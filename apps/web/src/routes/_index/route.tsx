import { createFileRoute, redirect } from '@tanstack/react-router';
import { IndexLayout } from '../../shared/layout/IndexLayout';
import { useSession } from '../../shared/session/session-store';

export const Route = createFileRoute('/_index')({
  beforeLoad: () => {
    if (useSession.getState().userInfo) throw redirect({ to: '/home' });
  },
  component: IndexLayout,
});
