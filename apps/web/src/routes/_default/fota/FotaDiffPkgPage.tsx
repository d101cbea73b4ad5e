import { createFileRoute } from '@tanstack/react-router';
import { FotaDiffPkgPage } from '../../../features/firmware/pages/FotaDiffPkgPage';

export const Route = createFileRoute('/_default/fota/FotaDiffPkgPage')({ component: FotaDiffPkgPage });
