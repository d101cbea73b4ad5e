import { createFileRoute } from '@tanstack/react-router';
import { DevSettingPage } from '../../../features/security-chain/pages/DevSettingPage';

export const Route = createFileRoute('/_default/SecurityChain/DevSettingPage')({ component: DevSettingPage });
