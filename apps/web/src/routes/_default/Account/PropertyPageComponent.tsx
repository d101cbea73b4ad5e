import { createFileRoute } from '@tanstack/react-router';
import { PropertyPageComponent } from '../../../features/account/PropertyPageComponent';

export const Route = createFileRoute('/_default/Account/PropertyPageComponent')({ component: PropertyPageComponent });
