import { createFileRoute } from '@tanstack/react-router';
import { FotaSoftwarePage } from '../../../features/firmware/pages/FotaSoftwarePage';

export const Route = createFileRoute('/_default/fota/FotaSoftwarePage')({ component: FotaSoftwarePage });
