import { createFileRoute } from '@tanstack/react-router';
import { DevSettingDetailPage } from '../../../features/security-chain/pages/DevSettingDetailPage';

export const Route = createFileRoute('/_default/SecurityChain/DevSettingDetailPage')({
  component: DevSettingDetailPage,
});
