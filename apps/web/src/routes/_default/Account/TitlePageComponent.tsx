import { createFileRoute } from '@tanstack/react-router';
import { TitlePageComponent } from '../../../features/directory/pages/GroupPages';

export const Route = createFileRoute('/_default/Account/TitlePageComponent')({ component: TitlePageComponent });
