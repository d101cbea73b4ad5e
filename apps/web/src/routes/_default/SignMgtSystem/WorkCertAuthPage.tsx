import { createFileRoute } from '@tanstack/react-router';
import { WorkCertAuthPage } from '../../../features/signing/pages/AuthPages';

export const Route = createFileRoute('/_default/SignMgtSystem/WorkCertAuthPage')({
  component: WorkCertAuthPage,
});
