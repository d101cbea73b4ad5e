import { createFileRoute } from '@tanstack/react-router';
import { UserListPage } from '../../../features/member-group/pages/UserPages';

export const Route = createFileRoute('/_default/UserManage/UserListPage')({ component: UserListPage });
