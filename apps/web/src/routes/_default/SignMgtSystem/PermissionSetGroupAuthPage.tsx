import { createFileRoute } from '@tanstack/react-router';
import { PermissionSetGroupAuthPage } from '../../../features/signing/pages/CollectionPages';

export const Route = createFileRoute('/_default/SignMgtSystem/PermissionSetGroupAuthPage')({
  component: PermissionSetGroupAuthPage,
});
