import { createFileRoute } from '@tanstack/react-router';
import { BackPropertyPage } from '../../../features/account/BackPropertyPage';

export const Route = createFileRoute('/_back/Account/BackPropertyPage')({ component: BackPropertyPage });
