import type { UpgradeState } from '@keel/contract/endpoints/firmware';
import Badge from 'antd/es/badge';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';

/** Online (green) or offline (grey): the device polled within twice its interval. */
export function OnlineState({ online, testId }: { online: 0 | 1; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span data-testid={testId} data-online={online ? '1' : '0'}>
      <Badge
        status={online ? 'success' : 'default'}
        text={online ? t('firmware.terminal.online') : t('firmware.terminal.offline')}
      />
    </span>
  );
}

const STATE_COLOURS: Record<UpgradeState, string> = {
  pending: 'default',
  downloading: 'processing',
  installing: 'processing',
  succeeded: 'success',
  failed: 'error',
};

/** An upgrade record's state as a coloured tag. */
export function UpgradeStateTag({ state, testId }: { state: UpgradeState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLOURS[state]} bordered={false} data-testid={testId}>
      {t(`firmware.upgrade.states.${state}`)}
    </Tag>
  );
}

/** A version as code-like text, or a dash for a device that reported none. */
export function VersionText({ version }: { version: string }) {
  const { t } = useTranslation();
  return version ? <span translate="no">{version}</span> : <span>{t('firmware.terminal.noVersion')}</span>;
}
