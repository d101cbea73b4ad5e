import { createFileRoute, redirect } from '@tanstack/react-router';
import { BackLayout } from '../../shared/layout/BackLayout';
import { useSession } from '../../shared/session/session-store';

export const Route = createFileRoute('/_back')({
  beforeLoad: () => {
    const user = useSession.getState().userInfo;
    if (!user) throw redirect({ to: '/' });
    if (user.isOperator !== 1) throw redirect({ to: '/home' });
  },
  component: BackLayout,
});
