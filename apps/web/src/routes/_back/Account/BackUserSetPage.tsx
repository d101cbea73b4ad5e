import { createFileRoute } from '@tanstack/react-router';
import { BackUserSetPage } from '../../../features/member-group/pages/GroupPages';

export const Route = createFileRoute('/_back/Account/BackUserSetPage')({ component: BackUserSetPage });
