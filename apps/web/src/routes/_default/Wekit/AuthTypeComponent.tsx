import { createFileRoute } from '@tanstack/react-router';
import { AuthTypePage } from '../../../features/pc-software/components/AuthTypePage';

export const Route = createFileRoute('/_default/Wekit/AuthTypeComponent')({ component: AuthTypePage });
