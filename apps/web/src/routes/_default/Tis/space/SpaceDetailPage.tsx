import { createFileRoute } from '@tanstack/react-router';
import { SpaceDetailPage } from '../../../../features/space/pages/SpaceDetailPages';

export const Route = createFileRoute('/_default/Tis/space/SpaceDetailPage')({ component: SpaceDetailPage });
