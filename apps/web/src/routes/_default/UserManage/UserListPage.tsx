import { createFileRoute } from '@tanstack/react-router';
import { UserListPage } from '../../../features/directory/pages/UserPages';

export const Route = createFileRoute('/_default/UserManage/UserListPage')({ component: UserListPage });
