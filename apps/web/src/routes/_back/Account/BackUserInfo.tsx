import { createFileRoute } from '@tanstack/react-router';
import { BackUserInfo } from '../../../features/directory/pages/UserPages';

export const Route = createFileRoute('/_back/Account/BackUserInfo')({ component: BackUserInfo });
