import { createFileRoute } from '@tanstack/react-router';
import { PermSetListRemoteComponent } from '../../../features/signing/pages/CollectionPages';

export const Route = createFileRoute('/_default/SignMgtSystem/PermSetListRemoteComponent')({
  component: PermSetListRemoteComponent,
});
