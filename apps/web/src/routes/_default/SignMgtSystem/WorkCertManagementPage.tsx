import { createFileRoute } from '@tanstack/react-router';
import { WorkCertManagementPage } from '../../../features/signing/pages/CertPages';

export const Route = createFileRoute('/_default/SignMgtSystem/WorkCertManagementPage')({
  component: WorkCertManagementPage,
});
