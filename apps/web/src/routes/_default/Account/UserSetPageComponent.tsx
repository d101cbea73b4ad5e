import { createFileRoute } from '@tanstack/react-router';
import { UserSetPageComponent } from '../../../features/directory/pages/GroupPages';

export const Route = createFileRoute('/_default/Account/UserSetPageComponent')({ component: UserSetPageComponent });
