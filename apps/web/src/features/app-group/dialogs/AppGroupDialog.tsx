import { APP_GROUP_NAME_MAX, type AppGroupItem } from '@keel/contract/endpoints/app-group';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useRouteObject } from '../../../shared/admin-kit/route-object';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { SearchSelect } from '../../../shared/pickers/SearchSelect';
import { GROUP_READS, GROUP_SEARCH } from '../api';
import { DevicePicker } from '../components/DevicePicker';
import { useGroup } from '../queries';

interface Values {
  masterAppId: string;
  nameZh: string;
  nameEn: string;
  deviceIdList: string[];
}

const storeApps = (str: string) =>
  apiQuery('group/getStoreAppList', { pageNum: 1, pageSize: 20, ...(str ? { str } : {}) });

/**
 * The master app: one of the apps on the shelf (a launcher or store client devices install from the store). The saved
 * one is looked up by its package (`savedPackage`) when the first matches do not hold it.
 */
function MasterAppSelect({
  value,
  onChange,
  id,
  savedPackage,
}: {
  value?: string;
  onChange?: (v?: string) => void;
  id?: string;
  savedPackage?: string;
}) {
  const { t } = useTranslation();
  return (
    <SearchSelect
      id={id}
      query={storeApps}
      lookup={savedPackage ? () => storeApps(savedPackage) : undefined}
      option={(a) => ({ value: a.appId, label: `${a.appName} (${a.packageName})` })}
      value={value}
      onChange={onChange}
      testId="grp-master-app"
      style={{ width: '100%' }}
      placeholder={t('app-group.group.masterPlaceholder')}
      emptyText={t('app-group.group.noShelfApps')}
    />
  );
}

/** The form of a group: master app, names in both languages, devices. */
function GroupForm({ group, onClose }: { group?: AppGroupItem; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useApiMutation('group/addOrUpdateAppGroup', {
    invalidates: GROUP_READS,
    success: (data) => t(group ? 'app-group.group.saved' : 'app-group.group.created', { name: data.name }),
  });
  const name = (label: string, testId: string) => ({
    label,
    rules: [{ required: true, whitespace: true, message: t('app-group.group.nameRequired') }],
    children: <Input maxLength={APP_GROUP_NAME_MAX} showCount data-testid={testId} />,
  });
  const zh = name(t('app-group.group.nameZh'), 'grp-name-zh');
  const en = name(t('app-group.group.nameEn'), 'grp-name-en');
  return (
    <FormDialog<Values>
      open
      testId="grp-group-dialog"
      title={group ? t('app-group.group.editTitle', { name: group.name }) : t('app-group.group.createTitle')}
      initialValues={
        group
          ? {
              masterAppId: group.masterAppId,
              nameZh: group.nameZh,
              nameEn: group.nameEn,
              deviceIdList: group.deviceIdList,
            }
          : { deviceIdList: [] }
      }
      onSubmit={(v) => save({ ...v, ...(group ? { groupId: group.groupId } : {}) })}
      onClose={onClose}
    >
      <Form.Item
        name="masterAppId"
        label={t('app-group.group.master')}
        extra={t('app-group.group.masterHelp')}
        rules={[{ required: true, message: t('app-group.group.masterRequired') }]}
      >
        <MasterAppSelect savedPackage={group?.masterPackageName || undefined} />
      </Form.Item>
      <Form.Item name="nameZh" label={zh.label} rules={zh.rules}>
        {zh.children}
      </Form.Item>
      <Form.Item name="nameEn" label={en.label} rules={en.rules}>
        {en.children}
      </Form.Item>
      <Form.Item name="deviceIdList" label={t('app-group.group.devices')} extra={t('app-group.group.devicesHelp')}>
        <DevicePicker groupId={group?.groupId} />
      </Form.Item>
    </FormDialog>
  );
}

/** `AddAppGroupDlg`: creates a group, or edits the one `?groupId=` names. */
export function AppGroupDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { groupId } = useSearchOf(GROUP_SEARCH);
  const group = useRouteObject(useGroup(groupId), groupId !== undefined, t('app-group.group.gone'), onClose);
  if (groupId !== undefined && !group) return <Spin fullscreen />;
  return <GroupForm group={group} onClose={onClose} />;
}
