import { createFileRoute } from '@tanstack/react-router';
import { SecurityRoutePlatPage } from '../../../../features/security-chain/pages/SecurityRoutePlatPage';

export const Route = createFileRoute('/_back/Backend/SecurityRoute/SecurityRoutePlatPage')({
  component: SecurityRoutePlatPage,
});
