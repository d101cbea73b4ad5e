import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { useMenu } from '../../shared/menu/use-menu';
import { useSession } from '../../shared/session/session-store';
import { PageCards } from '../home/PageCards';

/** `/Backend/BackendHome`: the back office's landing page, listing the platform pages that exist. */
export function BackendHomePage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.userInfo);
  const menu = useMenu('platform');
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="backend-home">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('back.welcome', { name: user?.name ?? '' })}
      </Typography.Title>
      <Card title={t('back.pages')}>
        <PageCards entries={menu} exclude="/Backend/BackendHome" emptyText={t('back.noPages')} />
      </Card>
    </Space>
  );
}
