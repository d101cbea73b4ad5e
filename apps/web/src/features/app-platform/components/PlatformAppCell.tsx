import AndroidOutlined from '@ant-design/icons/AndroidOutlined';
import type { PlatformAppItem } from '@keel/contract/endpoints/app-platform';
import Typography from 'antd/es/typography';
import '../app-platform.css';

/** An app's icon (its listing's, else its newest APK's), or a placeholder when there is none. */
export function PlatformAppIcon({ url, size = 40 }: { url: string; size?: number }) {
  if (!url) {
    return (
      <span className="k-plat-icon k-plat-icon-empty" style={{ width: size, height: size }} aria-hidden="true">
        <AndroidOutlined style={{ fontSize: Math.round(size * 0.5) }} />
      </span>
    );
  }
  return <img className="k-plat-icon" src={url} alt="" width={size} height={size} loading="lazy" />;
}

/** The app's cell: icon, then its name over its package name. */
export function PlatformAppCell({ app, testId }: { app: PlatformAppItem; testId: string }) {
  return (
    <div className="k-plat-cell" data-testid={testId}>
      <PlatformAppIcon url={app.iconUrl} />
      <div className="k-plat-cell-text">
        <Typography.Text strong translate="no" title={app.appName}>
          {app.appName}
        </Typography.Text>
        <Typography.Text type="secondary" className="k-plat-mono" translate="no" title={app.packageName}>
          {app.packageName}
        </Typography.Text>
      </div>
    </div>
  );
}
