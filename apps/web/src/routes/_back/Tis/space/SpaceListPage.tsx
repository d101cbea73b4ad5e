import { createFileRoute } from '@tanstack/react-router';
import { SpaceListPage } from '../../../../features/space/pages/SpaceListPage';

export const Route = createFileRoute('/_back/Tis/space/SpaceListPage')({ component: SpaceListPage });
