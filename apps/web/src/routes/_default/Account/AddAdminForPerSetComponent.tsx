import { createFileRoute } from '@tanstack/react-router';
import { AddAdminForPerSetComponent } from '../../../features/permission/components/AddAdminForPerSetComponent';

export const Route = createFileRoute('/_default/Account/AddAdminForPerSetComponent')({
  component: AddAdminForPerSetComponent,
});
