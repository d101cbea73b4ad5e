import { createFileRoute } from '@tanstack/react-router';
import { FileRepositoryPage } from '../../../features/file/pages/FileRepositoryPage';

export const Route = createFileRoute('/_default/filerepository/filerepositorypage')({ component: FileRepositoryPage });
