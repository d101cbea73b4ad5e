import AndroidOutlined from '@ant-design/icons/AndroidOutlined';
import Typography from 'antd/es/typography';
import './app-cell.css';

/** An app's (or an app category's) icon from its link, or a placeholder when there is none. */
export function AppIcon({ url, size = 40, alt = '' }: { url: string; size?: number; alt?: string }) {
  if (!url) {
    return (
      <span className="k-app-icon k-app-icon-empty" style={{ width: size, height: size }} aria-hidden="true">
        <AndroidOutlined style={{ fontSize: Math.round(size * 0.5) }} />
      </span>
    );
  }
  return <img className="k-app-icon" src={url} alt={alt} width={size} height={size} loading="lazy" />;
}

/** An app in a list: its icon, then its name over its package name. */
export function AppCell({
  name,
  packageName,
  iconUrl,
  testId,
}: {
  name: string;
  packageName: string;
  iconUrl: string;
  testId?: string;
}) {
  return (
    <div className="k-app-cell" data-testid={testId}>
      <AppIcon url={iconUrl} />
      <div className="k-app-cell-text">
        <Typography.Text strong translate="no" title={name}>
          {name || '—'}
        </Typography.Text>
        <Typography.Text type="secondary" className="k-mono" translate="no" title={packageName}>
          {packageName}
        </Typography.Text>
      </div>
    </div>
  );
}
