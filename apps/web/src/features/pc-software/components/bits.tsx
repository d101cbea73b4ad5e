import DesktopOutlined from '@ant-design/icons/DesktopOutlined';
import type { SoftItem, SoftVersionItem } from '@keel/contract/endpoints/pc-software';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import '../pc-software.css';

/** A software's icon from its link, or a desktop placeholder when it has none. */
export function SoftIcon({ url, size = 40, alt = '' }: { url: string; size?: number; alt?: string }) {
  if (!url)
    return (
      <span className="k-soft-icon" style={{ width: size, height: size }} aria-hidden="true">
        <DesktopOutlined style={{ fontSize: Math.round(size * 0.5) }} />
      </span>
    );
  return <img className="k-soft-icon" src={url} alt={alt} width={size} height={size} loading="lazy" />;
}

/** A software in a list: its icon, then its name over its space (or a second line the list chooses). */
export function SoftCell({ soft, sub, testId }: { soft: SoftItem; sub?: string; testId?: string }) {
  return (
    <div className="k-soft-cell" data-testid={testId}>
      <SoftIcon url={soft.iconUrl} />
      <div className="k-soft-cell-text">
        <Typography.Text strong translate="no" title={soft.name}>
          {soft.name}
        </Typography.Text>
        <Typography.Text type="secondary" translate="no" title={sub ?? soft.spaceName}>
          {sub ?? (soft.spaceName || '—')}
        </Typography.Text>
      </div>
    </div>
  );
}

/** Main tool or child tool; a platform main tool and one granted by the platform say so too. */
export function KindTag({ soft, testId }: { soft: SoftItem; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span data-testid={testId} data-kind={soft.kind}>
      <Tag color={soft.kind === 'main' ? 'geekblue' : undefined}>{t(`pc-software.kind.${soft.kind}`)}</Tag>
      {soft.granted === 1 ? (
        <Tag color="purple">{t('pc-software.kind.granted')}</Tag>
      ) : (
        soft.platformMain === 1 && <Tag color="purple">{t('pc-software.kind.platformMain')}</Tag>
      )}
    </span>
  );
}

/** A channel's name (beta, stable). */
export function ChannelTag({ channel }: { channel: string }) {
  const { t } = useTranslation();
  return <Tag color={channel === 'stable' ? 'green' : 'orange'}>{t(`pc-software.channel.${channel}`)}</Tag>;
}

/**
 * Where a version stands: released to a channel, waiting for approval of a release (and to which channel), a
 * rejected application with its reason, or not released. `data-state` names it for tests.
 */
export function ReleaseState({ version, testId }: { version: SoftVersionItem; testId?: string }) {
  const { t } = useTranslation();
  const parts = [];
  if (version.channel)
    parts.push(
      <Tag key="released" color={version.channel === 'stable' ? 'green' : 'orange'}>
        {t('pc-software.release.releasedTo', { channel: t(`pc-software.channel.${version.channel}`) })}
      </Tag>,
    );
  if (version.pendingChannel)
    parts.push(
      <Tag key="pending" color="processing">
        {t('pc-software.release.pendingTo', { channel: t(`pc-software.channel.${version.pendingChannel}`) })}
      </Tag>,
    );
  else if (version.rejectReason)
    parts.push(
      <Tooltip key="rejected" title={version.rejectReason}>
        <Tag color="error" tabIndex={0}>
          {t('pc-software.release.rejected')}
        </Tag>
      </Tooltip>,
    );
  if (parts.length === 0) parts.push(<Tag key="none">{t('pc-software.release.unreleased')}</Tag>);
  const state = version.pendingChannel
    ? `pending-${version.pendingChannel}`
    : version.channel || (version.rejectReason ? 'rejected' : 'unreleased');
  return (
    <span data-testid={testId} data-state={state}>
      {parts}
    </span>
  );
}
