import type { NewsItem } from '@keel/contract/endpoints/news';

/** Where a message leads: the invitation dialog, or a page (in the message's property when it names one). */
export type NewsTarget =
  | { kind: 'invite'; id: string }
  | {
      kind: 'page';
      to:
        | '/Account/PropertyPage'
        | '/BusinessProcess/MemberAuditPage'
        | '/BusinessProcess/AuditDialog'
        | '/Tis/File/FileSpace'
        | '/Tis/space/SpaceDetailPage'
        | '/AppService/process/AppProcessAuditPage';
      pno: string | null;
      search?: Record<string, string>;
    };

export function targetOf(n: Pick<NewsItem, 'newsType' | 'link' | 'pno'>): NewsTarget | null {
  const link = n.link;
  if (!link) return null;
  // The invitee answers an invitation; the inviter's `joinResult` about it leads to the property.
  if (link.kind === 'invite' && n.newsType === 'invite') return { kind: 'invite', id: link.id };
  if (link.kind === 'joinRequest' && n.newsType === 'join')
    return { kind: 'page', to: '/BusinessProcess/MemberAuditPage', pno: n.pno };
  if (link.kind === 'invite' || link.kind === 'joinRequest' || link.kind === 'property')
    return { kind: 'page', to: '/Account/PropertyPage', pno: link.kind === 'property' ? link.id : n.pno };
  // Spaces: a new application leads its reviewer to the applications, an approved one to the space, a declined
  // one to the applicant's own applications.
  if (link.kind === 'spaceApply')
    return { kind: 'page', to: '/Tis/File/FileSpace', pno: n.pno, search: { view: 'applications' } };
  if (link.kind === 'space')
    return { kind: 'page', to: '/Tis/space/SpaceDetailPage', pno: n.pno, search: { sid: link.id } };
  if (link.kind === 'spaceApplyResult') return { kind: 'page', to: '/Tis/File/FileSpace', pno: n.pno };
  // Approval flows (modules/workflow): an application to review, or news of one's own, opens in the audit dialog.
  if (link.kind === 'apply')
    return { kind: 'page', to: '/BusinessProcess/AuditDialog', pno: n.pno, search: { applyId: link.id } };
  // App review tasks (modules/app-review): an assigned task opens in the reviewer's queue.
  if (link.kind === 'appTask')
    return { kind: 'page', to: '/AppService/process/AppProcessAuditPage', pno: n.pno, search: { taskId: link.id } };
  return null;
}
