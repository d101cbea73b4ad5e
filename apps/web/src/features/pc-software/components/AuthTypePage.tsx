import type { SoftAuthType } from '@keel/contract/endpoints/pc-software-model';
import { Link } from '@tanstack/react-router';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSearchOf, useSearchUpdate } from '../../../shared/api/search-of';
import { TOOLS_PAGE } from '../api';
import { AuthTypeComponent } from './AuthTypeComponent';

const AUTH_SEARCH = z.object({ authType: z.coerce.number().int().min(0).max(2) }).partial();

/**
 * `/Wekit/AuthTypeComponent`: the auth types a software may have (free, licensed, trial) with what each means, as
 * the software dialog offers them; the one chosen (`?authType=`) links to the tools of that type.
 */
export function AuthTypePage() {
  const { t } = useTranslation();
  const { authType } = useSearchOf(AUTH_SEARCH);
  const update = useSearchUpdate();
  return (
    <Card title={t('pc-software.authType.title')} data-testid="auth-type-page">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('pc-software.authType.help')}</Typography.Text>
        <AuthTypeComponent value={authType} onChange={(v: SoftAuthType) => update({ authType: v })} />
        {authType !== undefined && (
          <Link to={TOOLS_PAGE as never} search={{ authType: String(authType) } as never} data-testid="auth-type-tools">
            {t('pc-software.authType.showTools', { type: t(`pc-software.authType.${authType}`) })}
          </Link>
        )}
      </Space>
    </Card>
  );
}
