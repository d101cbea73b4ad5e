import SendOutlined from '@ant-design/icons/SendOutlined';
import type { SoftItem, SoftVersionItem } from '@keel/contract/endpoints/pc-software';
import type { SoftChannel } from '@keel/contract/endpoints/pc-software-model';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { VERSION_READS } from '../api';

/** Why a version cannot be released yet ('' when it can): no installer, or an unsigned one when it must be signed. */
function useBlocker(soft: SoftItem, version: SoftVersionItem): string {
  const { t } = useTranslation();
  if (version.installerList.length === 0) return t('pc-software.release.needsInstaller');
  if (soft.signModuleId && !version.signed) return t('pc-software.release.needsSignature');
  return '';
}

/** The channels a version may go to next: beta while unreleased, stable unless it is there already. */
function nextChannels(version: SoftVersionItem): SoftChannel[] {
  if (version.channel === 'stable') return [];
  if (version.channel === 'beta') return ['stable'];
  return ['beta', 'stable'];
}

/** Ask to release a version to a channel, with a remark for the approvers. */
function ReleaseDialog({
  version,
  channel,
  onClose,
}: {
  version: SoftVersionItem;
  channel: SoftChannel;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const channelName = t(`pc-software.channel.${channel}`);
  const release = useApiMutation('softVersion/releaseSoftVersionInfo', {
    invalidates: VERSION_READS,
    success: (d) =>
      d.pendingChannel
        ? t('pc-software.release.sentForApproval', { version: d.version, channel: channelName })
        : t('pc-software.release.released', { version: d.version, channel: channelName }),
  });
  return (
    <FormDialog<{ remark?: string }>
      open
      title={t('pc-software.release.dialogTitle', { version: version.version, channel: channelName })}
      onSubmit={(v) => release({ versionId: version.versionId, channel, remark: v.remark ?? '' })}
      onClose={onClose}
      testId="release-dialog"
    >
      <Typography.Paragraph>
        {channel === 'beta' ? t('pc-software.release.betaHelp') : t('pc-software.release.stableHelp')}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('pc-software.release.flowHelp')}</Typography.Paragraph>
      <Form.Item name="remark" label={t('pc-software.release.remark')}>
        <Input.TextArea rows={2} maxLength={500} showCount data-testid="release-remark" />
      </Form.Item>
    </FormDialog>
  );
}

/**
 * Where a version stands and how it goes further: a release waiting for approval, the reason of a rejected one, and
 * the release buttons of the channels the reader manages (only a release manager of a channel may release to it).
 */
export function ReleasePanel({ soft, version }: { soft: SoftItem; version: SoftVersionItem }) {
  const { t } = useTranslation();
  const [channel, setChannel] = useState<SoftChannel | null>(null);
  const blocker = useBlocker(soft, version);
  const mine = new Set(soft.myReleaseChannels);
  const next = nextChannels(version);
  const pending = version.pendingChannel;
  const offered = !pending && next.length > 0 && soft.granted === 0;
  if (!pending && !version.rejectReason && !offered) return null;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="release-panel">
      {pending && (
        <Alert
          type="info"
          showIcon
          data-testid="release-pending"
          message={t('pc-software.release.pendingTitle', { channel: t(`pc-software.channel.${pending}`) })}
          description={t('pc-software.release.pendingHelp')}
        />
      )}
      {!pending && version.rejectReason && (
        <Alert
          type="error"
          showIcon
          data-testid="release-rejected"
          message={t('pc-software.release.rejectedTitle')}
          description={<span translate="no">{version.rejectReason}</span>}
        />
      )}
      {offered && (
        <Space wrap>
          {next.map((c) => {
            const reason = !mine.has(c)
              ? t('pc-software.release.notManager', { channel: t(`pc-software.channel.${c}`) })
              : blocker;
            const button = (
              <Button
                key={c}
                type={c === 'beta' || version.channel === 'beta' ? 'primary' : 'default'}
                icon={<SendOutlined />}
                disabled={!!reason}
                onClick={() => setChannel(c)}
                data-testid={`release-to-${c}`}
              >
                {version.channel === 'beta' && c === 'stable'
                  ? t('pc-software.release.promote')
                  : t('pc-software.release.to', { channel: t(`pc-software.channel.${c}`) })}
              </Button>
            );
            return reason ? (
              <Tooltip key={c} title={reason}>
                <span>{button}</span>
              </Tooltip>
            ) : (
              button
            );
          })}
        </Space>
      )}
      {offered && soft.myReleaseChannels.length === 0 && (
        <Typography.Text type="secondary" data-testid="release-not-manager">
          {t('pc-software.release.managersOnly')}
        </Typography.Text>
      )}
      {channel && <ReleaseDialog version={version} channel={channel} onClose={() => setChannel(null)} />}
    </Space>
  );
}
