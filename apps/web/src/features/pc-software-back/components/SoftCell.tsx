import DesktopOutlined from '@ant-design/icons/DesktopOutlined';
import Typography from 'antd/es/typography';
import '../pc-software-back.css';

/** A piece of software in a list: its icon (or a placeholder), its name over its public id. */
export function SoftCell({
  name,
  publicId,
  iconUrl,
  testId,
}: {
  name: string;
  publicId?: string;
  iconUrl?: string;
  testId?: string;
}) {
  return (
    <div className="k-soft-cell" data-testid={testId}>
      {iconUrl ? (
        <img className="k-soft-icon" src={iconUrl} alt="" width={32} height={32} loading="lazy" />
      ) : (
        <span className="k-soft-icon k-soft-icon--empty" aria-hidden="true">
          <DesktopOutlined />
        </span>
      )}
      <div className="k-soft-cell-text">
        <Typography.Text strong translate="no" title={name}>
          {name}
        </Typography.Text>
        {publicId && (
          <Typography.Text type="secondary" className="k-soft-mono" translate="no">
            {publicId}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}
