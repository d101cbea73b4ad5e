import type { SoftItem, SoftManagerItem } from '@keel/contract/endpoints/pc-software';
import { SOFT_CHANNELS, type SoftChannel } from '@keel/contract/endpoints/pc-software-model';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { UserPicker } from '../../../shared/pickers/UserPicker';
import { RELEASE_READS } from '../api';

interface Values {
  uid?: string;
  channels?: SoftChannel[];
}

/**
 * Appoint a release manager of a software (a member and the channels they may release to), or change a manager's
 * channels (`manager` given; the member is fixed).
 */
export function ManagerDialog({
  soft,
  manager,
  onClose,
}: {
  soft: Pick<SoftItem, 'softId' | 'name'>;
  manager?: SoftManagerItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useApiMutation('softRelease/saveOrUpdateSoftReleaseManager', {
    invalidates: RELEASE_READS,
    success: (d, i) =>
      t('pc-software.manager.saved', {
        name: d.list.find((m) => m.uid === i.uid)?.name ?? manager?.name ?? '',
        soft: soft.name,
      }),
  });
  return (
    <FormDialog<Values>
      open
      title={
        manager
          ? t('pc-software.manager.editTitle', { name: manager.name })
          : t('pc-software.manager.createTitle', { soft: soft.name })
      }
      initialValues={manager ? { uid: manager.uid, channels: manager.channels } : { channels: ['beta'] }}
      onSubmit={(v) => save({ softId: soft.softId, uid: v.uid ?? '', channels: v.channels ?? [] })}
      onClose={onClose}
      testId="manager-dialog"
    >
      <Form.Item
        name="uid"
        label={t('pc-software.manager.member')}
        rules={[{ required: true, message: t('pc-software.manager.memberRequired') }]}
      >
        <UserPicker
          testId="manager-user"
          disabled={!!manager}
          knownLabels={manager ? { [manager.uid]: manager.name } : undefined}
        />
      </Form.Item>
      <Form.Item
        name="channels"
        label={t('pc-software.manager.channels')}
        extra={t('pc-software.manager.channelsHelp')}
        rules={[{ required: true, type: 'array', min: 1, message: t('pc-software.manager.channelsRequired') }]}
      >
        <Checkbox.Group
          data-testid="manager-channels"
          options={SOFT_CHANNELS.map((c) => ({ value: c, label: t(`pc-software.channel.${c}`) }))}
        />
      </Form.Item>
    </FormDialog>
  );
}
