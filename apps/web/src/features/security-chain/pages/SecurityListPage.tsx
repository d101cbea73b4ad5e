import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { CertificateCard } from '../components/CertificateCard';
import { TokenSettingsForm } from '../components/TokenSettingsForm';

/**
 * `/ToolsManage/SecurityListPage`: how the property's short-lived function authorisations are signed — the algorithm
 * (ES256 or SM2 with SM3) and the token lifetime (with `manage.securityList.edit`) — both certificates devices verify
 * them with (copy, download), and how a device verifies a token.
 */
export function SecurityListPage() {
  const { t } = useTranslation();
  const setting = useQuery(apiQuery('security/getSecuritySetting', {}));
  if (setting.isError)
    return (
      <Alert type="error" showIcon message={t('security-chain.settings.loadFailed')} data-testid="sc-settings-error" />
    );
  if (!setting.data) return <Spin />;
  const data = setting.data;
  return (
    <Card title={t('security-chain.settings.title')} data-testid="sc-settings-page">
      <Typography.Paragraph type="secondary">{t('security-chain.settings.help')}</Typography.Paragraph>
      {/* Remounted when the saved settings change, so the form shows them. */}
      <TokenSettingsForm key={`${data.algorithm}:${data.tokenTtlSeconds}`} setting={data} />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('security-chain.settings.certificates')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {data.certificates.map((cert) => (
          <Col key={cert.alg} xs={24} lg={12}>
            <CertificateCard cert={cert} current={cert.alg === data.algorithm} />
          </Col>
        ))}
      </Row>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('security-chain.settings.howTitle')}
      </Typography.Title>
      <ol data-testid="sc-settings-how" style={{ paddingInlineStart: 20 }}>
        {(['fetch', 'verify', 'claims', 'online', 'report'] as const).map((step) => (
          <li key={step}>
            <Typography.Text>{t(`security-chain.settings.how.${step}`)}</Typography.Text>
          </li>
        ))}
      </ol>
    </Card>
  );
}
