import { createFileRoute } from '@tanstack/react-router';
import { SpaceBackDetailPage } from '../../../../features/space/pages/SpaceDetailPages';

export const Route = createFileRoute('/_default/Tis/space/SpaceBackDetailPage')({ component: SpaceBackDetailPage });
