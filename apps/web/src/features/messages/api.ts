import type { NewsItem } from '@keel/contract/endpoints/news';

/** Where a message leads: the invitation dialog, or a page (in the message's property when it names one). */
export type MessageTarget =
  | { kind: 'invite'; id: string }
  | { kind: 'page'; to: '/Account/PropertyPage' | '/BusinessProcess/MemberAuditPage'; pno: string | null };

export function targetOf(n: Pick<NewsItem, 'newsType' | 'link' | 'pno'>): MessageTarget | null {
  const link = n.link;
  if (!link) return null;
  // The invitee answers an invitation; the inviter's `joinResult` about it leads to the property.
  if (link.kind === 'invite' && n.newsType === 'invite') return { kind: 'invite', id: link.id };
  if (link.kind === 'joinRequest' && n.newsType === 'join')
    return { kind: 'page', to: '/BusinessProcess/MemberAuditPage', pno: n.pno };
  if (link.kind === 'invite' || link.kind === 'joinRequest' || link.kind === 'property')
    return { kind: 'page', to: '/Account/PropertyPage', pno: link.kind === 'property' ? link.id : n.pno };
  return null;
}
