import { createFileRoute } from '@tanstack/react-router';
import { DevSettingRoutedCmdPage } from '../../../features/security-chain/pages/DevSettingRoutedCmdPage';

export const Route = createFileRoute('/_default/SecurityChain/DevSettingRoutedCmdPage')({
  component: DevSettingRoutedCmdPage,
});
