import { createFileRoute } from '@tanstack/react-router';
import { OrgManageComponent } from '../../../features/org/OrgManageComponent';

export const Route = createFileRoute('/_default/Account/OrgManageComponent')({
  component: () => <OrgManageComponent />,
});
