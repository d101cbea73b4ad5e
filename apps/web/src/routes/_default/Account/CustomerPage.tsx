import { createFileRoute } from '@tanstack/react-router';
import { CustomerPage } from '../../../features/member-group/pages/GroupPages';

export const Route = createFileRoute('/_default/Account/CustomerPage')({ component: CustomerPage });
