import type { StoreAppItem } from '@keel/contract/endpoints/app-group';
import { formatFileSize } from '@keel/contract/format';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/format/time';
import { AppIcon } from '../../../shared/ui/AppCell';
import '../app-group.css';

/** An app's page in the store: listing, screenshots, the version on the shelf, its size and permissions. */
export function StoreAppDrawer({ app, onClose }: { app: StoreAppItem; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open
      onClose={onClose}
      size="min(640px, 100vw)"
      destroyOnHidden
      data-testid="store-app-detail"
      title={
        <span translate="no" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {app.appName}
        </span>
      }
    >
      <div className="k-store-detail-head">
        <AppIcon url={app.iconUrl} size={64} alt={app.appName} />
        <div className="k-grp-name">
          <Typography.Title level={4} style={{ margin: 0 }} translate="no">
            {app.appName}
          </Typography.Title>
          <Typography.Text type="secondary" translate="no">
            {app.packageName}
          </Typography.Text>
          {app.developer &&
            (app.developerLink ? (
              <Typography.Link href={app.developerLink} target="_blank" rel="noreferrer noopener" translate="no">
                {app.developer}
              </Typography.Link>
            ) : (
              <Typography.Text translate="no">{app.developer}</Typography.Text>
            ))}
        </div>
      </div>
      {app.labels.length > 0 && (
        <div style={{ marginBottom: 12 }}>
          {app.labels.map((l) => (
            <Tag key={l}>
              <span translate="no">{l}</span>
            </Tag>
          ))}
        </div>
      )}
      {app.summary && (
        <Typography.Paragraph strong translate="no">
          {app.summary}
        </Typography.Paragraph>
      )}
      {app.screenshotUrlList.length > 0 && (
        <div className="k-store-shots" data-testid="store-app-shots">
          {app.screenshotUrlList.map((url, index) => (
            <img key={url} src={url} alt={t('app-group.store.screenshot', { n: index + 1 })} loading="lazy" />
          ))}
        </div>
      )}
      {app.description && (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} translate="no">
          {app.description}
        </Typography.Paragraph>
      )}
      <Descriptions
        size="small"
        column={1}
        bordered
        data-testid="store-app-facts"
        items={[
          {
            key: 'version',
            label: t('app-group.store.versionLabel'),
            children: (
              <span data-testid="store-app-version">
                {app.versionName} ({app.versionCode})
              </span>
            ),
          },
          { key: 'size', label: t('app-group.store.size'), children: formatFileSize(app.size) },
          {
            key: 'published',
            label: t('app-group.store.published'),
            children: app.publishTime === null ? '—' : formatTime(app.publishTime),
          },
          { key: 'sdk', label: t('app-group.store.minSdk'), children: app.minSdk || '—' },
          {
            key: 'permissions',
            label: t('app-group.store.permissions'),
            children:
              app.permissions.length === 0 ? (
                t('app-group.store.noPermissions')
              ) : (
                <ul className="k-store-perms" data-testid="store-app-permissions">
                  {app.permissions.map((p) => (
                    <li key={p} translate="no">
                      {p}
                    </li>
                  ))}
                </ul>
              ),
          },
        ]}
      />
    </Drawer>
  );
}
