import { createFileRoute } from '@tanstack/react-router';
import { BackUserInfo } from '../../../features/member-group/pages/UserPages';

export const Route = createFileRoute('/_back/Account/BackUserInfo')({ component: BackUserInfo });
