import { createFileRoute } from '@tanstack/react-router';
import { SpaceDetailCmpPage } from '../../../../features/space/pages/SpaceDetailPages';

export const Route = createFileRoute('/_default/Tis/space/SpaceDetailCmp')({ component: SpaceDetailCmpPage });
