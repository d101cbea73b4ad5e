import { createFileRoute } from '@tanstack/react-router';
import { BackOrgManagePage } from '../../../features/org/BackOrgManagePage';

export const Route = createFileRoute('/_back/Account/BackOrgManagePage')({ component: BackOrgManagePage });
