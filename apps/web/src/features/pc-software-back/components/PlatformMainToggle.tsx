import type { SoftItem } from '@keel/contract/endpoints/pc-software';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { BACK_SOFT_READS } from '../api';

/**
 * Makes a main tool a platform main tool, or stops it being one (its grants revoked, the granted properties' child
 * tools detached: the question says so), after a confirmation (`soft/setPlatformMainTool`).
 */
export function PlatformMainToggle({ soft }: { soft: SoftItem }) {
  const { t } = useTranslation();
  const on = soft.platformMain === 1;
  const set = useApiMutation('soft/setPlatformMainTool', {
    scope: 'platform',
    invalidates: BACK_SOFT_READS,
    success: (data) =>
      t(`pc-software-back.platform.${data.platformMain === 1 ? 'setDone' : 'unsetDone'}`, { name: data.name }),
  });
  return (
    <ConfirmAction
      danger={on}
      title={t(`pc-software-back.platform.${on ? 'unsetConfirm' : 'setConfirm'}`, { name: soft.name })}
      description={t(`pc-software-back.platform.${on ? 'unsetDescription' : 'setDescription'}`)}
      onConfirm={() => set({ softId: soft.softId, platformMain: on ? 0 : 1 })}
      buttonProps={
        {
          size: 'small',
          type: on ? 'default' : 'primary',
          'data-testid': `back-platform-${on ? 'unset' : 'set'}-${soft.softId}`,
        } as never
      }
    >
      {t(`pc-software-back.platform.${on ? 'unset' : 'set'}`)}
    </ConfirmAction>
  );
}
