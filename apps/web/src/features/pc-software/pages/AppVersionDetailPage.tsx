import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import type { SoftItem, SoftVersionItem } from '@keel/contract/endpoints/pc-software';
import { Link, useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Row from 'antd/es/row';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { APP_INFO_PAGE, useSoftCan, VERSION_READS } from '../api';
import { ReleaseState } from '../components/bits';
import { PcAppVerHistoryComponent } from '../components/PcAppVerHistoryComponent';
import { PcAppVersionComponent } from '../components/PcAppVersionComponent';
import { ReleasePanel } from '../components/ReleasePanel';
import { useVersionOfUrl, VersionGate } from '../components/VersionRouteCard';
import { VersionDialog } from '../dialogs/VersionDialog';

/** The version's notes in both languages, side by side on wider screens. */
function Notes({ version }: { version: SoftVersionItem }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('pc-software.version.notes')} data-testid="version-notes">
      <Row gutter={[24, 12]}>
        {(
          [
            ['zh', version.notesZh, t('pc-software.version.notesZh')],
            ['en', version.notesEn, t('pc-software.version.notesEn')],
          ] as const
        ).map(([lang, text, label]) => (
          <Col xs={24} md={12} key={lang}>
            <Typography.Text strong>{label}</Typography.Text>
            {text ? (
              <p
                className="k-soft-notes"
                lang={lang === 'zh' ? 'zh-CN' : 'en'}
                translate="no"
                data-testid={`version-notes-${lang}`}
              >
                {text}
              </p>
            ) : (
              <Typography.Paragraph type="secondary">{t('pc-software.version.noNotes')}</Typography.Paragraph>
            )}
          </Col>
        ))}
      </Row>
    </Card>
  );
}

/** One version: its facts, release, notes, installers and change record. */
function VersionDetail({ soft, version }: { soft: SoftItem; version: SoftVersionItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useSoftCan('versionEdit') && soft.granted === 0;
  const unreleased = !version.channel && !version.pendingChannel;
  const [editing, setEditing] = useState(false);
  const remove = useApiMutation('softVersion/deleteSoftVersionInfo', {
    invalidates: VERSION_READS,
    success: () => t('pc-software.version.deleted', { version: version.version }),
    onSuccess: () => void navigate({ to: APP_INFO_PAGE as never, search: { softId: soft.softId } as never }),
  });
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
        data-testid="version-facts"
        items={[
          {
            key: 'soft',
            label: t('pc-software.soft.soft'),
            children: <span translate="no">{soft.name}</span>,
          },
          {
            key: 'version',
            label: t('pc-software.version.number'),
            children: (
              <span translate="no" data-testid="version-number-text">
                {version.version}
              </span>
            ),
          },
          {
            key: 'state',
            label: t('pc-software.release.state'),
            children: <ReleaseState version={version} testId="version-state" />,
          },
          {
            key: 'released',
            label: t('pc-software.release.releasedAt'),
            children: version.releasedAt ? (
              <span>
                {formatTime(version.releasedAt)} · <span translate="no">{version.releasedByName}</span>
              </span>
            ) : (
              '—'
            ),
          },
          {
            key: 'created',
            label: t('pc-software.created'),
            children: (
              <span>
                {formatTime(version.createTime)} · <span translate="no">{version.createdByName}</span>
              </span>
            ),
          },
          {
            key: 'signing',
            label: t('pc-software.soft.signModule'),
            children: <span translate="no">{soft.signModuleName || t('pc-software.soft.unsigned')}</span>,
          },
        ]}
      />
      {canEdit && unreleased && (
        <Space wrap>
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="version-edit">
            {t('pc-software.version.edit')}
          </Button>
          <ConfirmAction
            title={t('pc-software.version.deleteConfirm', { version: version.version })}
            description={t('pc-software.version.deleteHelp')}
            onConfirm={() => remove({ versionId: version.versionId })}
            buttonProps={{ icon: <DeleteOutlined />, 'data-testid': 'version-delete' } as never}
          >
            {t('pc-software.version.delete')}
          </ConfirmAction>
        </Space>
      )}
      <ReleasePanel soft={soft} version={version} />
      <Notes version={version} />
      <PcAppVersionComponent soft={soft} version={version} />
      <PcAppVerHistoryComponent versionId={version.versionId} />
      {editing && <VersionDialog soft={soft} version={version} onClose={() => setEditing(false)} />}
    </Space>
  );
}

/**
 * `/Wekit/AppVersionDetailPage?versionId=`: one version of a software — where it is released (a release waiting
 * for approval, a rejection's reason), its notes in both languages, its installers per platform
 * (PcAppVersionComponent) and change record (PcAppVerHistoryComponent); release managers release it to their
 * channels, and while it is unreleased `tools.version.edit` edits or deletes it.
 */
export function AppVersionDetailPage() {
  const { t } = useTranslation();
  const state = useVersionOfUrl();
  const softId = state.version.data?.softId;
  const back = softId ? (
    <Link to={APP_INFO_PAGE as never} search={{ softId } as never} data-testid="version-back">
      <ArrowLeftOutlined /> {t('pc-software.version.back')}
    </Link>
  ) : null;
  const title = state.version.data ? (
    <span>
      {t('pc-software.version.detailTitle')} ·{' '}
      <span translate="no">{`${state.version.data.softName} ${state.version.data.version}`}</span>
    </span>
  ) : (
    t('pc-software.version.detailTitle')
  );
  return (
    <Card title={title} extra={back} data-testid="version-page">
      <VersionGate state={state}>{(soft, version) => <VersionDetail soft={soft} version={version} />}</VersionGate>
    </Card>
  );
}
