import { createFileRoute } from '@tanstack/react-router';
import { SpaceItemDetailPage } from '../../../../features/space/pages/SpaceItemDetailPage';

export const Route = createFileRoute('/_default/Tis/space/SpaceItemDetail')({ component: SpaceItemDetailPage });
