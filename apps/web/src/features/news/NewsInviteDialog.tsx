import type { OrgRequest } from '@keel/contract/endpoints/org';
import { orgEndpoints } from '@keel/contract/endpoints/org';
import { id as idSchema } from '@keel/contract/envelope';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../shared/admin-kit/ConfirmAction';
import { api } from '../../shared/api/client';
import { scopedQuery } from '../../shared/api/query';
import { useSearchOf } from '../../shared/api/search-of';
import { formatTime } from '../../shared/format/time';
import { refreshPropertyList } from '../../shared/realtime/refresh-properties';
import { invalidateNews } from '../../shared/realtime/use-unread-news';
import { useSelectProperty } from '../../shared/session/use-select-property';
import { toast } from '../../shared/toast/toast-store';

const STATUS_COLORS: Record<OrgRequest['status'], string> = {
  pending: 'processing',
  accepted: 'success',
  approved: 'success',
  declined: 'default',
  rejected: 'default',
  revoked: 'warning',
  expired: 'warning',
};

/** The invitation (`id`, as o/getInviteInfo takes it) and the message it came in (`nid`). */
const INVITE_SEARCH = orgEndpoints['o/getInviteInfo'].input.extend({ nid: idSchema() }).partial();

/**
 * `/msg/ProcessInviteMsgDialog?id=<invitation>&nid=<message>`: an invitation (property, who invited, when) with
 * Accept / Decline. Accepting re-reads the user's properties into the session, so the switcher shows the new one.
 */
export function NewsInviteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const selectProperty = useSelectProperty();
  const { id = '', nid = '' } = useSearchOf(INVITE_SEARCH);
  const [busy, setBusy] = useState<0 | 1 | null>(null);
  const info = useQuery({
    ...scopedQuery('o/getInviteInfo', { id }, 'property', { notify: false }),
    enabled: id !== '',
    retry: false,
  });

  const answer = async (accept: 0 | 1) => {
    setBusy(accept);
    try {
      await api('o/processInvite', { id, accept });
      if (nid) await api('news/changeNewsToRead', { nidList: [nid] }, { notify: false }).catch(() => undefined);
      if (accept === 1) {
        await refreshPropertyList(selectProperty).catch(() => undefined);
        toast.success(t('news.invite.accepted', { name: info.data?.propertyName ?? '' }));
      } else {
        toast.info(t('news.invite.declined'));
      }
      invalidateNews(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['o/getInviteInfo'] });
      onClose();
    } catch {
      // the client has shown the server's message (e.g. the invitation lapsed meanwhile)
      void info.refetch();
    } finally {
      setBusy(null);
    }
  };

  const inv = info.data;
  const pending = inv?.status === 'pending';
  let body: React.ReactNode;
  if (id === '') body = <Empty description={t('news.invite.missing')} data-testid="invite-missing" />;
  else if (info.isLoading) body = <Skeleton active data-testid="invite-loading" />;
  else if (info.isError || !inv)
    body = (
      <Alert
        type="error"
        showIcon
        data-testid="invite-error"
        message={t('news.invite.loadFailed')}
        description={info.error?.message}
        action={<Button onClick={() => void info.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  else
    body = (
      <Descriptions column={1} size="small" bordered data-testid="invite-info">
        <Descriptions.Item label={t('news.invite.property')}>
          <span data-testid="invite-property">{inv.propertyName}</span> <Tag>{inv.pno}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('news.invite.org')}>{inv.orgName}</Descriptions.Item>
        <Descriptions.Item label={t('news.invite.inviter')}>
          <span data-testid="invite-inviter">{inv.inviterName ?? '—'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('news.invite.time')}>{formatTime(inv.createTime)}</Descriptions.Item>
        {inv.expireTime !== null && (
          <Descriptions.Item label={t('news.invite.expires')}>{formatTime(inv.expireTime)}</Descriptions.Item>
        )}
        {inv.remark && <Descriptions.Item label={t('news.invite.remark')}>{inv.remark}</Descriptions.Item>}
        <Descriptions.Item label={t('news.invite.status')}>
          <Tag color={STATUS_COLORS[inv.status]} data-testid="invite-status">
            {t(`news.invite.statuses.${inv.status}`)}
          </Tag>
        </Descriptions.Item>
      </Descriptions>
    );

  return (
    <Modal
      open
      title={t('news.invite.title')}
      onCancel={onClose}
      destroyOnHidden
      data-testid="process-invite-dialog"
      footer={
        pending ? (
          <Space>
            <ConfirmAction
              title={t('news.invite.declineConfirm')}
              onConfirm={() => answer(0)}
              buttonProps={{ disabled: busy === 1, 'data-testid': 'invite-decline' } as never}
            >
              {t('news.invite.decline')}
            </ConfirmAction>
            <Button
              type="primary"
              loading={busy === 1}
              disabled={busy === 0}
              data-testid="invite-accept"
              onClick={() => void answer(1)}
            >
              {t('news.invite.accept')}
            </Button>
          </Space>
        ) : (
          <Button onClick={onClose} data-testid="invite-close">
            {t('news.invite.close')}
          </Button>
        )
      }
    >
      {inv && !pending && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('news.invite.notPending')}
          data-testid="invite-not-pending"
        />
      )}
      {body}
    </Modal>
  );
}
