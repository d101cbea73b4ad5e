import { createFileRoute } from '@tanstack/react-router';
import { BackTitlePage } from '../../../features/member-group/pages/GroupPages';

export const Route = createFileRoute('/_back/Account/BackTitlePage')({ component: BackTitlePage });
