import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { SoftInstallerItem, SoftItem, SoftVersionItem } from '@keel/contract/endpoints/pc-software';
import { formatFileSize } from '@keel/contract/format';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { useSoftCan, VERSION_READS } from '../api';
import { InstallerDialog } from '../dialogs/InstallerDialog';
import { installersOf, recordsOf } from '../dialogs/VersionDialog';
import { shortHash } from '../model';
import { usePlatformText } from './InstallerBits';
import { VersionRouteCard } from './VersionRouteCard';

/** Whether a version's installers may change: not released, no release waiting, the property's own software. */
export function useInstallersEditable(soft: SoftItem, version: SoftVersionItem): boolean {
  const canEdit = useSoftCan('versionEdit');
  return canEdit && soft.granted === 0 && !version.channel && !version.pendingChannel;
}

/**
 * PcAppVersionComponent: a version's installers, one per platform (os, architecture, format), each with its file's
 * name, size, SHA-256 and signature and a download link. While the version is unreleased, `tools.version.edit` adds
 * one (a file uploaded into the software's space, or one there already) and removes one.
 */
export function PcAppVersionComponent({ soft, version }: { soft: SoftItem; version: SoftVersionItem }) {
  const { t } = useTranslation();
  const platform = usePlatformText();
  const editable = useInstallersEditable(soft, version);
  const [adding, setAdding] = useState(false);
  const save = useApiMutation('softVersion/saveOrUpdateSoftVersionInfo', {
    invalidates: VERSION_READS,
    success: (d) => t('pc-software.installer.removed', { version: d.version }),
  });
  const removeInstaller = (gone: SoftInstallerItem) =>
    save({
      versionId: version.versionId,
      softId: version.softId,
      version: version.version,
      notesZh: version.notesZh,
      notesEn: version.notesEn,
      changeRecords: recordsOf(version),
      installers: installersOf(version).filter(
        (i) => !(i.os === gone.os && i.arch === gone.arch && i.format === gone.format),
      ),
    } as never);
  const testKey = (i: SoftInstallerItem) => `${i.os}-${i.arch}-${i.format}`;
  return (
    <Card
      size="small"
      title={t('pc-software.installer.title')}
      data-testid="installer-list"
      extra={
        editable ? (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="installer-add">
            {t('pc-software.installer.add')}
          </Button>
        ) : null
      }
    >
      {!editable && version.channel && (
        <Typography.Paragraph type="secondary">{t('pc-software.installer.lockedHelp')}</Typography.Paragraph>
      )}
      <Table<SoftInstallerItem>
        rowKey="installerId"
        size="small"
        dataSource={version.installerList}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pc-software.installer.empty')} />,
        }}
        onRow={(i) => ({ 'data-testid': `installer-row-${testKey(i)}` }) as never}
        columns={[
          { key: 'platform', title: t('pc-software.installer.platform'), render: (_x, i) => platform(i) },
          {
            key: 'file',
            title: t('pc-software.installer.file'),
            render: (_x, i) => (
              <span translate="no">
                {i.fileName}
                <Typography.Text type="secondary"> · {formatFileSize(i.size)}</Typography.Text>
              </span>
            ),
          },
          {
            key: 'sha256',
            title: 'SHA-256',
            render: (_x, i) => (
              <Typography.Text className="k-soft-mono" copyable={{ text: i.sha256 }} translate="no" title={i.sha256}>
                {shortHash(i.sha256)}
              </Typography.Text>
            ),
          },
          {
            key: 'signature',
            title: t('pc-software.installer.signature'),
            render: (_x, i) =>
              i.signature ? (
                <Tooltip title={t('pc-software.installer.signerCert', { sha: i.signerCertSha256 })}>
                  <Tag color="green" tabIndex={0} data-testid={`installer-signed-${testKey(i)}`}>
                    {t('pc-software.installer.signed')}
                  </Tag>
                </Tooltip>
              ) : (
                <Tag data-testid={`installer-unsigned-${testKey(i)}`}>{t('pc-software.installer.unsigned')}</Tag>
              ),
          },
          {
            key: 'action',
            title: t('common.actions'),
            render: (_x, i) => (
              <Space size={4}>
                <Tooltip title={t('pc-software.installer.download')}>
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    href={i.downloadUrl}
                    aria-label={t('pc-software.installer.downloadNamed', { name: i.fileName })}
                    data-testid={`installer-download-${testKey(i)}`}
                  />
                </Tooltip>
                {editable && (
                  <ConfirmAction
                    title={t('pc-software.installer.removeConfirm', { platform: platform(i) })}
                    description={t('pc-software.installer.removeHelp')}
                    onConfirm={() => removeInstaller(i)}
                    buttonProps={
                      {
                        size: 'small',
                        icon: <DeleteOutlined />,
                        'aria-label': t('pc-software.installer.removeNamed', { platform: platform(i) }),
                        'data-testid': `installer-remove-${testKey(i)}`,
                      } as never
                    }
                  >
                    {null}
                  </ConfirmAction>
                )}
              </Space>
            ),
          },
        ]}
      />
      {adding && <InstallerDialog soft={soft} version={version} onClose={() => setAdding(false)} />}
    </Card>
  );
}

/** `/Wekit/PcAppVersionComponent?versionId=`: the installers of the version the URL names. */
export function PcAppVersionRoute() {
  const { t } = useTranslation();
  return (
    <VersionRouteCard title={t('pc-software.installer.title')} testId="installer-route">
      {(soft, version) => <PcAppVersionComponent soft={soft} version={version} />}
    </VersionRouteCard>
  );
}
