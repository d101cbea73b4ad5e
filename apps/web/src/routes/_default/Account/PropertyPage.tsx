import { createFileRoute } from '@tanstack/react-router';
import { PropertyPage } from '../../../features/account/PropertyPage';
import { OrgManageComponent } from '../../../features/org/OrgManageComponent';

export const Route = createFileRoute('/_default/Account/PropertyPage')({
  component: () => <PropertyPage orgManage={<OrgManageComponent />} />,
});
