import {
  SECURITY_ALGORITHMS,
  type SecurityAlgorithm,
  type SecuritySettingItem,
  TOKEN_TTL_MAX,
  TOKEN_TTL_MIN,
} from '@keel/contract/endpoints/security-settings';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { SECURITY_SETTING_READS, useCanEditSecuritySetting } from '../settings-api';

interface Values {
  algorithm: SecurityAlgorithm;
  tokenTtlSeconds: number;
}

/** The algorithm new tokens are signed with and their lifetime; read-only without the edit right. */
export function TokenSettingsForm({ setting }: { setting: SecuritySettingItem }) {
  const { t } = useTranslation();
  const canEdit = useCanEditSecuritySetting();
  const [saving, setSaving] = useState(false);
  const save = useApiMutation('security/saveSecuritySetting', {
    invalidates: SECURITY_SETTING_READS,
    success: () => t('security-chain.settings.saved'),
  });
  return (
    <Form<Values>
      layout="vertical"
      disabled={!canEdit}
      initialValues={{ algorithm: setting.algorithm, tokenTtlSeconds: setting.tokenTtlSeconds }}
      onFinish={async (v) => {
        setSaving(true);
        try {
          await save({ algorithm: v.algorithm, tokenTtlSeconds: v.tokenTtlSeconds });
        } finally {
          setSaving(false);
        }
      }}
      data-testid="sc-settings-form"
      style={{ maxWidth: 640 }}
    >
      <Form.Item name="algorithm" label={t('security-chain.settings.algorithm')}>
        <Radio.Group data-testid="sc-settings-algorithm">
          {SECURITY_ALGORITHMS.map((alg) => (
            <Radio key={alg} value={alg} data-testid={`sc-settings-alg-${alg}`}>
              <Typography.Text translate="no">{alg}</Typography.Text>{' '}
              <Typography.Text type="secondary">{t(`security-chain.settings.algorithms.${alg}`)}</Typography.Text>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="tokenTtlSeconds"
        label={t('security-chain.settings.ttl')}
        extra={t('security-chain.settings.ttlHelp', { min: TOKEN_TTL_MIN, max: TOKEN_TTL_MAX })}
        rules={[
          { required: true, message: t('security-chain.settings.ttlRequired') },
          {
            type: 'number',
            min: TOKEN_TTL_MIN,
            max: TOKEN_TTL_MAX,
            message: t('security-chain.settings.ttlRange', { min: TOKEN_TTL_MIN, max: TOKEN_TTL_MAX }),
          },
        ]}
      >
        {/* No min and max here: a value out of range is shown as an error, not silently clamped. */}
        <InputNumber
          precision={0}
          addonAfter={t('security-chain.settings.seconds')}
          style={{ width: 220 }}
          data-testid="sc-settings-ttl"
        />
      </Form.Item>
      {canEdit ? (
        <Button type="primary" htmlType="submit" loading={saving} data-testid="sc-settings-save">
          {t('security-chain.settings.save')}
        </Button>
      ) : (
        <Typography.Text type="secondary">{t('security-chain.settings.readOnly')}</Typography.Text>
      )}
    </Form>
  );
}
