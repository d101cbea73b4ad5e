import AndroidOutlined from '@ant-design/icons/AndroidOutlined';
import '../app-group.css';

/** An app's or a category's icon from its signed link, or a placeholder when there is none. */
export function GroupIcon({ url, size = 40, alt = '' }: { url: string; size?: number; alt?: string }) {
  if (!url) {
    return (
      <span className="k-grp-icon" style={{ width: size, height: size }} aria-hidden="true">
        <AndroidOutlined style={{ fontSize: Math.round(size * 0.5) }} />
      </span>
    );
  }
  return <img className="k-grp-icon" src={url} alt={alt} width={size} height={size} loading="lazy" />;
}
