import type { SoftPublicInstaller } from '@keel/contract/endpoints/pc-software-public';
import { formatFileSize } from '@keel/contract/format';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { installerKey } from '../labels';
import { CopyText } from './CopyText';

/**
 * What a visitor checks an installer by: its size, SHA-256 (copyable), and whether it is signed — then the signing
 * certificate's SHA-256 and the detached CMS signature as a `.p7s` file (`openssl cms -verify -inform DER …`).
 */
export function InstallerFacts({ installer }: { installer: SoftPublicInstaller }) {
  const { t } = useTranslation();
  const key = installerKey(installer);
  return (
    <dl className="k-dl-facts">
      <dt>{t('pc-download.size')}</dt>
      <dd data-testid={`download-size-${key}`}>{formatFileSize(installer.size)}</dd>
      <dt>{t('pc-download.sha256')}</dt>
      <dd>
        <CopyText text={installer.sha256} testId={`download-sha256-${key}`} />
      </dd>
      <dt>{t('pc-download.signature')}</dt>
      <dd data-testid={`download-signature-${key}`}>
        {installer.signature ? (
          <>
            <Tag color="green">{t('pc-download.signed')}</Tag>
            <a
              href={`data:application/pkcs7-signature;base64,${installer.signature}`}
              download={`${installer.fileName}.p7s`}
            >
              {t('pc-download.signatureFile')}
            </a>
            <div className="k-dl-signer">{t('pc-download.signer')}</div>
            <CopyText text={installer.signerCertSha256} testId={`download-signer-${key}`} />
          </>
        ) : (
          <Tag>{t('pc-download.unsigned')}</Tag>
        )}
      </dd>
    </dl>
  );
}
