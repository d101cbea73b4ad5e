import { createFileRoute } from '@tanstack/react-router';
import { PropertyForePageComponent } from '../../../features/account/PropertyForePageComponent';
import { OrgManageComponent } from '../../../features/org/OrgManageComponent';

export const Route = createFileRoute('/_default/Account/PropertyForePageComponent')({
  component: () => (
    <PropertyForePageComponent>
      <OrgManageComponent />
    </PropertyForePageComponent>
  ),
});
