import { createFileRoute } from '@tanstack/react-router';
import { FileListPage } from '../../../../features/file/pages/FileListPage';

export const Route = createFileRoute('/_default/Tis/File/FileListPage')({ component: FileListPage });
