import { createFileRoute } from '@tanstack/react-router';
import { PermissionSetPage } from '../../../features/permission/pages/PermissionSetPage';

export const Route = createFileRoute('/_default/Account/PermissionSetPage')({ component: PermissionSetPage });
