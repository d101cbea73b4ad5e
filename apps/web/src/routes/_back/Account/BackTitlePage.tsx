import { createFileRoute } from '@tanstack/react-router';
import { BackTitlePage } from '../../../features/directory/pages/GroupPages';

export const Route = createFileRoute('/_back/Account/BackTitlePage')({ component: BackTitlePage });
