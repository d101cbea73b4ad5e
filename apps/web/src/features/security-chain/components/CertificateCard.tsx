import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import type { SecurityCertificateItem } from '@keel/contract/endpoints/security-settings';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/format/time';

/** Saves a text as a file the browser downloads. */
function downloadText(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-pem-file' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** One certificate devices verify tokens with: its algorithm, subject, fingerprint, validity and PEM (copy, download). */
export function CertificateCard({ cert, current }: { cert: SecurityCertificateItem; current: boolean }) {
  const { t } = useTranslation();
  const file = `keel-security-${cert.alg.toLowerCase()}.pem`;
  return (
    <Card
      size="small"
      data-testid={`sc-cert-${cert.alg}`}
      title={
        <span>
          <Typography.Text translate="no">{cert.alg}</Typography.Text>{' '}
          <Typography.Text type="secondary">{t(`security-chain.settings.algorithms.${cert.alg}`)}</Typography.Text>
        </span>
      }
      extra={current ? <Tag color="blue">{t('security-chain.settings.current')}</Tag> : null}
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('security-chain.settings.subject')}>
          <Typography.Text translate="no" style={{ wordBreak: 'break-all' }}>
            {cert.subject}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('security-chain.settings.keyId')}>
          <Typography.Text code translate="no">
            {cert.keyId}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('security-chain.settings.fingerprint')}>
          <Typography.Text
            copyable
            translate="no"
            style={{ wordBreak: 'break-all', fontFamily: 'monospace', fontSize: 12 }}
            data-testid={`sc-cert-fingerprint-${cert.alg}`}
          >
            {cert.fingerprint}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('security-chain.settings.validity')}>
          {formatTime(cert.notBefore)} → {formatTime(cert.notAfter)}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph
        copyable={{ text: cert.pem }}
        translate="no"
        style={{
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
          fontFamily: 'monospace',
          fontSize: 11,
          maxHeight: 160,
          overflow: 'auto',
          marginBottom: 8,
        }}
        data-testid={`sc-cert-pem-${cert.alg}`}
      >
        {cert.pem}
      </Typography.Paragraph>
      <Button
        size="small"
        icon={<DownloadOutlined />}
        onClick={() => downloadText(file, cert.pem)}
        data-testid={`sc-cert-download-${cert.alg}`}
      >
        {t('security-chain.settings.download')}
      </Button>
    </Card>
  );
}
