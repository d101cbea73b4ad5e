import { createFileRoute } from '@tanstack/react-router';
import { FileSpacePage } from '../../../../features/space/pages/FileSpacePage';

export const Route = createFileRoute('/_default/Tis/File/FileSpace')({ component: FileSpacePage });
