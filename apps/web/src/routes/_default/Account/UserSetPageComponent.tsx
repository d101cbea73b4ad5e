import { createFileRoute } from '@tanstack/react-router';
import { UserSetPageComponent } from '../../../features/member-group/pages/GroupPages';

export const Route = createFileRoute('/_default/Account/UserSetPageComponent')({ component: UserSetPageComponent });
