import { createFileRoute } from '@tanstack/react-router';
import { PerSetTreeCard } from '../../../features/permission/components/PerSetTreeComponent';

export const Route = createFileRoute('/_default/Account/PerSetTreeComponent')({ component: PerSetTreeCard });
