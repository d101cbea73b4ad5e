import { createFileRoute } from '@tanstack/react-router';
import { SearcCertRemoteComponent } from '../../../features/signing/pages/CertPages';

export const Route = createFileRoute('/_default/SignMgtSystem/SearcCertRemoteComponent')({
  component: SearcCertRemoteComponent,
});
