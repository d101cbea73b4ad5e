import { createFileRoute } from '@tanstack/react-router';
import { UserSetPage } from '../../../features/member-group/pages/GroupPages';

export const Route = createFileRoute('/_default/Account/UserSetPage')({ component: UserSetPage });
