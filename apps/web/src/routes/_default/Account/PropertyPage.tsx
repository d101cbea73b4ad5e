import { createFileRoute } from '@tanstack/react-router';
import { PropertyPage } from '../../../features/account/PropertyPage';

export const Route = createFileRoute('/_default/Account/PropertyPage')({ component: PropertyPage });
