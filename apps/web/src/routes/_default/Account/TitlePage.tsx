import { createFileRoute } from '@tanstack/react-router';
import { TitlePage } from '../../../features/member-group/pages/GroupPages';

export const Route = createFileRoute('/_default/Account/TitlePage')({ component: TitlePage });
