import type { UserItem } from '@keel/contract/endpoints/user';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { useSession } from '../../../shared/session/session-store';
import { toast } from '../../../shared/toast/toast-store';
import type { Scope } from '../api';

/** Enables or disables accounts (`u/updateUserStatus`; disabling signs them out everywhere). */
function useSetStatus(scope: Scope) {
  return useApiMutation('u/updateUserStatus', { scope, invalidates: ['u/getUserList', 'o/getOrgUserList'] });
}

/** Why an administrator may not change an account, if they may not (the managed-account rule); null: they may. */
export function useBlocked(scope: Scope): (user: UserItem) => string | null {
  const { t } = useTranslation();
  const selfUid = useSession((s) => s.userInfo?.uid);
  return (user) => {
    if (user.uid === selfUid) return t('member-group.user.notYourself');
    if (scope === 'platform') return null;
    if (user.role === 'owner') return t('member-group.user.ownerFixed');
    if (user.isOperator === 1 || user.propertyNum > 1) return t('member-group.user.shared');
    return null;
  };
}

/** A row's enable or disable button, after a confirmation; disabled with the reason where it may not be used. */
export function UserStatusAction({ scope, user, reason }: { scope: Scope; user: UserItem; reason: string | null }) {
  const { t } = useTranslation();
  const setStatus = useSetStatus(scope);
  const enabled = user.status === 1;
  if (reason)
    return (
      <Tooltip title={reason}>
        <Button size="small" disabled data-testid={`user-status-blocked-${user.phoneNum}`}>
          {t(enabled ? 'member-group.user.disable' : 'member-group.user.enable')}
        </Button>
      </Tooltip>
    );
  const change = async () => {
    if (await setStatus({ uidList: [user.uid], status: enabled ? 0 : 1 }))
      toast.success(t(enabled ? 'member-group.user.disabled' : 'member-group.user.enabled', { name: user.name }));
  };
  return (
    <ConfirmAction
      danger={enabled}
      title={t(enabled ? 'member-group.user.disableConfirm' : 'member-group.user.enableConfirm', { name: user.name })}
      description={t(enabled ? 'member-group.user.disableHelp' : 'member-group.user.enableHelp')}
      onConfirm={change}
      buttonProps={{ size: 'small', 'data-testid': `user-${enabled ? 'disable' : 'enable'}-${user.phoneNum}` } as never}
    >
      {t(enabled ? 'member-group.user.disable' : 'member-group.user.enable')}
    </ConfirmAction>
  );
}

/** Enable and disable for the selected accounts, in one call (the server changes all of them or none). */
export function BatchStatusActions({ scope, uids, onDone }: { scope: Scope; uids: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const setStatus = useSetStatus(scope);
  const change = async (status: 0 | 1) => {
    if (!(await setStatus({ uidList: uids, status }))) return;
    const key = status === 1 ? 'member-group.user.batchEnabled' : 'member-group.user.batchDisabled';
    toast.success(t(key, { count: uids.length }));
    onDone();
  };
  return (
    <Space size={4}>
      <ConfirmAction
        danger={false}
        title={t('member-group.user.batchEnableConfirm', { count: uids.length })}
        onConfirm={() => change(1)}
        buttonProps={{ size: 'small', 'data-testid': 'batch-enable' } as never}
      >
        {t('member-group.user.enable')}
      </ConfirmAction>
      <ConfirmAction
        title={t('member-group.user.batchDisableConfirm', { count: uids.length })}
        onConfirm={() => change(0)}
        buttonProps={{ size: 'small', 'data-testid': 'batch-disable' } as never}
      >
        {t('member-group.user.disable')}
      </ConfirmAction>
    </Space>
  );
}
