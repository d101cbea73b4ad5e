import { createFileRoute, redirect } from '@tanstack/react-router';
import { DefaultLayout } from '../../shared/layout/DefaultLayout';
import { useSession } from '../../shared/session/session-store';

export const Route = createFileRoute('/_default')({
  beforeLoad: () => {
    if (!useSession.getState().userInfo) throw redirect({ to: '/' });
  },
  component: DefaultLayout,
});
