import { createFileRoute } from '@tanstack/react-router';
import { GrantManagePage } from '../../../features/security-chain/pages/GrantManagePage';

export const Route = createFileRoute('/_default/SecurityChain/GrantManagePage')({ component: GrantManagePage });
