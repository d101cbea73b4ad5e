import { createFileRoute } from '@tanstack/react-router';
import { PermissionSetPage } from '../../../features/signing/pages/CollectionPages';

export const Route = createFileRoute('/_default/SignMgtSystem/PermissionSetPage')({
  component: PermissionSetPage,
});
