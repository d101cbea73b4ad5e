import type { SoftChannel } from '@keel/contract/endpoints/pc-software-model';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';

/** A release channel: stable green, beta orange. */
export function ChannelTag({ channel, testId }: { channel: SoftChannel; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={channel === 'stable' ? 'green' : 'orange'} data-testid={testId} data-channel={channel}>
      {t(`pc-software-back.release.channels.${channel}`)}
    </Tag>
  );
}
