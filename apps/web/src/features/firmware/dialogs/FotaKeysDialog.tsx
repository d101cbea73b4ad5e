import { firmwareEndpoints } from '@keel/contract/endpoints/firmware';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Input from 'antd/es/input';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { FormFields } from '../../../shared/admin-kit/form-fields';
import { apiQuery } from '../../../shared/api/query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { type PemKind, pemProblem } from '../pem';

interface Values {
  swuCertificate: string;
  menderPublicKey: string;
}

/**
 * The property's vendor verification keys (`sw/getSwKeys`, `sw/saveSwKeys`), opened from FotaSoftwarePage: the PEM
 * certificate(s) SWUpdate images (`.swu`) must be signed by, and the PEM public key Mender artifacts are signed
 * with; '' removes one (signed uploads are then refused). Shows, read-only, the public key the property's package
 * manifests are signed with (what devices verify them with). Read-only without `firmware.software.edit`.
 */
export function FotaKeysDialog({ open, canEdit, onClose }: { open: boolean; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const keys = useQuery({ ...apiQuery('sw/getSwKeys', {}), enabled: open });
  const save = useApiMutation('sw/saveSwKeys', {
    invalidates: ['sw/getSwKeys'],
    success: () => t('firmware.keys.saved'),
  });
  const check = (kind: PemKind) => (text: string) => {
    const problem = pemProblem(text, kind);
    return problem === null || t(`firmware.keys.pem.${problem}`, { kind: t(`firmware.keys.kind.${kind}`) });
  };
  const data = keys.data;
  // Until the keys are read (or when they cannot be), nothing can be changed: saving would remove them.
  const locked = !canEdit || data === undefined;
  return (
    <FormDialog<Values>
      open={open}
      title={t('firmware.keys.title')}
      initialValues={data ? { swuCertificate: data.swuCertificate, menderPublicKey: data.menderPublicKey } : undefined}
      onClose={onClose}
      testId="sw-keys-dialog"
      onSubmit={async (v) => {
        if (locked) return !canEdit;
        return save({
          swuCertificate: v.swuCertificate?.trim() ?? '',
          menderPublicKey: v.menderPublicKey?.trim() ?? '',
        });
      }}
    >
      <Typography.Paragraph type="secondary">{t('firmware.keys.help')}</Typography.Paragraph>
      <FormFields<Values>
        schema={firmwareEndpoints['sw/saveSwKeys'].input}
        tooLong={(max) => t('firmware.keys.tooLong', { max })}
        fields={[
          {
            name: 'swuCertificate',
            label: t('firmware.keys.swuCertificate'),
            // The formats are in the help above: an `extra` line under a textarea runs into its character count.
            type: 'textarea',
            rows: 6,
            validate: check('certificate'),
            testId: 'sw-keys-swu',
            disabled: locked,
          },
          {
            name: 'menderPublicKey',
            label: t('firmware.keys.menderPublicKey'),
            type: 'textarea',
            rows: 5,
            validate: check('publicKey'),
            testId: 'sw-keys-mender',
            disabled: locked,
          },
        ]}
      />
      {keys.isLoading && <Spin size="small" data-testid="sw-keys-loading" />}
      {keys.isError && <Alert type="error" showIcon message={t('firmware.keys.loadFailed')} />}
      {data && (
        <div data-testid="sw-keys-manifest">
          <Typography.Text strong>{t('firmware.keys.manifestKey')}</Typography.Text>{' '}
          <Typography.Text type="secondary" translate="no">
            {data.manifestKeyId}
          </Typography.Text>
          <Input.TextArea
            readOnly
            value={data.manifestPublicKey}
            autoSize={{ minRows: 3, maxRows: 4 }}
            aria-label={t('firmware.keys.manifestKey')}
            style={{ fontFamily: 'monospace', fontSize: 12, marginTop: 4 }}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 4, marginBottom: 0 }}>
            {t('firmware.keys.manifestHelp')}
          </Typography.Paragraph>
        </div>
      )}
      {!canEdit && <Alert type="info" showIcon message={t('firmware.keys.readOnly')} />}
    </FormDialog>
  );
}
