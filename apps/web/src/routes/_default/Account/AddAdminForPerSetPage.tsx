import { createFileRoute } from '@tanstack/react-router';
import { AddAdminForPerSetPage } from '../../../features/permission/pages/AddAdminForPerSetPage';

export const Route = createFileRoute('/_default/Account/AddAdminForPerSetPage')({ component: AddAdminForPerSetPage });
