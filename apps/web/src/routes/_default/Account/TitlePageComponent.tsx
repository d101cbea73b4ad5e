import { createFileRoute } from '@tanstack/react-router';
import { TitlePageComponent } from '../../../features/member-group/pages/GroupPages';

export const Route = createFileRoute('/_default/Account/TitlePageComponent')({ component: TitlePageComponent });
