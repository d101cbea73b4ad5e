import { createFileRoute } from '@tanstack/react-router';
import { MemberAuditPage } from '../../../features/org/MemberAuditPage';

export const Route = createFileRoute('/_default/BusinessProcess/MemberAuditPage')({ component: MemberAuditPage });
