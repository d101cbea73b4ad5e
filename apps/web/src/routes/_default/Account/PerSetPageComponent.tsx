import { createFileRoute } from '@tanstack/react-router';
import { PerSetPageComponent } from '../../../features/permission/components/PerSetPageComponent';

export const Route = createFileRoute('/_default/Account/PerSetPageComponent')({ component: PerSetPageComponent });
