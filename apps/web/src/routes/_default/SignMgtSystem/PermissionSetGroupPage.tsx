import { createFileRoute } from '@tanstack/react-router';
import { PermissionSetGroupPage } from '../../../features/signing/pages/CollectionPages';

export const Route = createFileRoute('/_default/SignMgtSystem/PermissionSetGroupPage')({
  component: PermissionSetGroupPage,
});
