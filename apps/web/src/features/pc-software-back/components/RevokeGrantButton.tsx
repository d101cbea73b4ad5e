import type { SoftGrantItem } from '@keel/contract/endpoints/pc-software';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { BACK_SOFT_READS } from '../api';

/** Revokes a grant after a confirmation that says how many of the property's child tools it detaches. */
export function RevokeGrantButton({ grant }: { grant: SoftGrantItem }) {
  const { t } = useTranslation();
  const property = grant.propertyName || grant.pno;
  const revoke = useApiMutation('soft/revokePlatformMainTool', {
    scope: 'platform',
    invalidates: BACK_SOFT_READS,
    success: () => t('pc-software-back.grant.revoked', { name: grant.softName, property }),
  });
  return (
    <ConfirmAction
      title={t('pc-software-back.grant.revokeConfirm', { name: grant.softName, property })}
      description={
        grant.childCount > 0
          ? t('pc-software-back.grant.revokeDescription', { property, count: grant.childCount })
          : t('pc-software-back.grant.revokeDescriptionNone', { property })
      }
      onConfirm={() => revoke({ softId: grant.softId, grantPno: grant.pno })}
      buttonProps={{ size: 'small', 'data-testid': `back-grant-revoke-${grant.softId}-${grant.pno}` } as never}
    >
      {t('pc-software-back.grant.revoke')}
    </ConfirmAction>
  );
}
