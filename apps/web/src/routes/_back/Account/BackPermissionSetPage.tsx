import { createFileRoute } from '@tanstack/react-router';
import { BackPermissionSetPage } from '../../../features/permission/pages/BackPermissionSetPage';

export const Route = createFileRoute('/_back/Account/BackPermissionSetPage')({ component: BackPermissionSetPage });
