import { SOFT_TRIAL_NAME_MAX, type SoftItem, type SoftTrialUserItem } from '@keel/contract/endpoints/pc-software';
import { SOFT_INSTALL_ID_PATTERN } from '@keel/contract/endpoints/pc-software-model';
import { useQuery } from '@tanstack/react-query';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useRouteObject } from '../../../shared/admin-kit/route-object';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { RELEASE_READS, SOFT_SEARCH } from '../api';
import { SoftPicker } from '../components/SoftPicker';

interface Values {
  softId?: string;
  installId?: string;
  name?: string;
  channel?: 'beta';
  expiresAt?: Dayjs;
}

/** How long a new trial lasts unless the manager says otherwise. */
const DEFAULT_TRIAL_DAYS = 30;

/**
 * AddTrialUserDialog: an installation (its install id, as the client sends it) that gets the beta channel of a
 * software until its expiry, with a name saying whose it is; or that trial user, edited (`trial`).
 */
export function TrialUserForm({
  soft,
  trial,
  onClose,
}: {
  /** None: the dialog asks for the software first. */
  soft?: Pick<SoftItem, 'softId' | 'name'>;
  trial?: SoftTrialUserItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useApiMutation('softRelease/saveTrialUser', {
    invalidates: RELEASE_READS,
    success: (d) => t('pc-software.trial.saved', { id: d.installId }),
  });
  const initial: Values = trial
    ? { installId: trial.installId, name: trial.name, channel: 'beta', expiresAt: dayjs(trial.expiresAt) }
    : { channel: 'beta', expiresAt: dayjs().add(DEFAULT_TRIAL_DAYS, 'day').endOf('day') };
  return (
    <FormDialog<Values>
      open
      title={
        trial
          ? t('pc-software.trial.editTitle', { id: trial.installId })
          : soft
            ? t('pc-software.trial.createTitle', { soft: soft.name })
            : t('pc-software.trial.create')
      }
      initialValues={initial}
      onSubmit={(v) =>
        save({
          ...(trial ? { trialId: trial.trialId } : {}),
          softId: soft?.softId ?? v.softId ?? '',
          installId: (v.installId ?? '').trim(),
          name: v.name ?? '',
          channel: v.channel ?? 'beta',
          expiresAt: (v.expiresAt as Dayjs).valueOf(),
        })
      }
      onClose={onClose}
      testId="trial-dialog"
    >
      {!soft && (
        <Form.Item
          name="softId"
          label={t('pc-software.soft.soft')}
          rules={[{ required: true, message: t('pc-software.trial.softRequired') }]}
        >
          <SoftPicker testId="trial-soft" style={{ width: '100%' }} />
        </Form.Item>
      )}
      <Form.Item
        name="installId"
        label={t('pc-software.trial.installId')}
        extra={t('pc-software.trial.installIdHelp')}
        rules={[
          { required: true, whitespace: true, message: t('pc-software.trial.installIdRequired') },
          {
            validator: async (_r, value?: string) => {
              if (value?.trim() && !SOFT_INSTALL_ID_PATTERN.test(value.trim()))
                throw new Error(t('pc-software.trial.installIdInvalid'));
            },
          },
        ]}
      >
        <Input maxLength={64} data-testid="trial-install-id" translate="no" autoComplete="off" />
      </Form.Item>
      <Form.Item name="name" label={t('pc-software.trial.name')} extra={t('pc-software.trial.nameHelp')}>
        <Input maxLength={SOFT_TRIAL_NAME_MAX} data-testid="trial-name" />
      </Form.Item>
      <Form.Item name="channel" label={t('pc-software.trial.channel')} extra={t('pc-software.trial.channelHelp')}>
        <Select
          data-testid="trial-channel"
          disabled
          options={[{ value: 'beta', label: t('pc-software.channel.beta') }]}
        />
      </Form.Item>
      <Form.Item
        name="expiresAt"
        label={t('pc-software.trial.expiresAt')}
        rules={[
          { required: true, message: t('pc-software.trial.expiresRequired') },
          {
            validator: async (_r, value?: Dayjs) => {
              if (value && value.valueOf() <= Date.now()) throw new Error(t('pc-software.trial.expiresPast'));
            },
          },
        ]}
      >
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          style={{ width: '100%' }}
          data-testid="trial-expires"
          disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
        />
      </Form.Item>
    </FormDialog>
  );
}

/** `/Wekit/AddTrialUserDialog?softId=`: add a trial user to the software the URL names (or one chosen), over the release page. */
export function AddTrialUserDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { softId } = useSearchOf(SOFT_SEARCH);
  const query = useQuery({
    ...apiQuery('soft/selectSoftInfoById', { softId: softId ?? '' }),
    enabled: softId !== undefined,
    retry: false,
  });
  const soft = useRouteObject(query, softId !== undefined, t('pc-software.soft.gone'), onClose);
  if (softId !== undefined && !soft) return null;
  return <TrialUserForm soft={soft} onClose={onClose} />;
}
