import { createFileRoute } from '@tanstack/react-router';
import { PermSetGrpListRemoteComponent } from '../../../features/signing/pages/CollectionPages';

export const Route = createFileRoute('/_default/SignMgtSystem/PermSetGrpListRemoteComponent')({
  component: PermSetGrpListRemoteComponent,
});
