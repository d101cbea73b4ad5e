import { PAGE_SIZE_MAX } from '@keel/contract/constants';
import type { AdminItem } from '@keel/contract/endpoints/permission';
import { useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { useSession } from '../../../shared/session/session-store';
import { allSetsQuery } from '../api';

/** The selected property's administrators, all of them (the owner included). */
export const allAdminsQuery = () => apiQuery('ps/getMyAdminList', { pageNum: 1, pageSize: PAGE_SIZE_MAX });

/**
 * A multiple select over the property's permission sets; a set holding more than the signed-in administrator
 * may grant is listed but disabled (they may not assign or take it away).
 */
export function SetSelect({
  id,
  value,
  onChange,
  testId = 'set-select',
}: {
  /** Given by an antd Form.Item, so that its label names the input. */
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const sets = useQuery(allSetsQuery());
  const options = (sets.data?.list ?? []).map((s) => ({
    value: s.psid,
    label: s.grantable === 1 ? s.name : `${s.name} (${t('permission.set.beyond')})`,
    disabled: s.grantable !== 1 && !(value ?? []).includes(s.psid),
  }));
  return (
    <Select<string[]>
      id={id}
      mode="multiple"
      allowClear
      showSearch
      optionFilterProp="label"
      data-testid={testId}
      style={{ width: '100%' }}
      placeholder={t('permission.admin.setsPlaceholder')}
      loading={sets.isLoading}
      status={sets.isError ? 'error' : undefined}
      notFoundContent={sets.isLoading ? undefined : t('permission.admin.noSets')}
      options={options}
      value={value ?? []}
      onChange={(v) => onChange?.(v ?? [])}
    />
  );
}

/** A select over the administrators one may change (not the owner, not oneself); value = uid. */
export function AdminSelect({
  id,
  value,
  onChange,
  onAdmin,
  testId = 'admin-select',
}: {
  /** Given by an antd Form.Item, so that its label names the input. */
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** The chosen administrator's row (their sets and scopes). */
  onAdmin?: (admin: AdminItem | undefined) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const me = useSession((s) => s.userInfo?.uid);
  const admins = useQuery(allAdminsQuery());
  const list = (admins.data?.list ?? []).filter((a) => a.role === 'admin' && a.uid !== me);
  return (
    <Select<string>
      id={id}
      allowClear
      showSearch
      optionFilterProp="label"
      data-testid={testId}
      style={{ width: '100%' }}
      placeholder={t('permission.admin.pickAdmin')}
      loading={admins.isLoading}
      notFoundContent={admins.isLoading ? undefined : t('permission.admin.noAdmins')}
      options={list.map((a) => ({ value: a.uid, label: `${a.name} (${a.phoneNum})` }))}
      value={value}
      onChange={(uid) => {
        onChange?.(uid ?? undefined);
        onAdmin?.(list.find((a) => a.uid === uid));
      }}
    />
  );
}
