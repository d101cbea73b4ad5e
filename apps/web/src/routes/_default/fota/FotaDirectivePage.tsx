import { createFileRoute } from '@tanstack/react-router';
import { FotaDirectivePage } from '../../../features/command/pages/FotaDirectivePage';

export const Route = createFileRoute('/_default/fota/FotaDirectivePage')({ component: FotaDirectivePage });
