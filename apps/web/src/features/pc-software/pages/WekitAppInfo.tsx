import EditOutlined from '@ant-design/icons/EditOutlined';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import type { SoftItem } from '@keel/contract/endpoints/pc-software';
import { aptKeyLine, aptSourcesLine } from '@keel/contract/endpoints/pc-software-public';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scopedQuery } from '../../../shared/api/query';
import { formatTime } from '../../../shared/format/time';
import { MAIN_TOOLS_PAGE, useSoftCan } from '../api';
import { AuthTypeTag } from '../components/AuthTypeComponent';
import { KindTag, SoftIcon } from '../components/bits';
import { PcAppReleaseComponent } from '../components/PcAppReleaseComponent';
import { PcAppVerListComponent } from '../components/PcAppVerListComponent';
import { SoftChoice, SoftGate, useSoftOfUrl } from '../components/SoftRouteCard';
import { StatsCard } from '../components/StatsCard';
import { SoftDialog } from '../dialogs/SoftDialog';
import { LatestVersions } from './WekitToolsPage';

/** A link as the public answers give it (root-relative without `PUBLIC_URL`) made absolute, for a shell. */
const absolute = (url: string) => (url.startsWith('/') ? `${window.location.origin}${url}` : url);

/** One line to paste into a shell, with its copy button. */
function AptLine({ label, line, testId }: { label: string; line: string; testId: string }) {
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0' }}>
        {label}
      </Typography.Paragraph>
      <div className="k-soft-apt-row">
        <pre className="k-soft-apt" translate="no" data-testid={testId}>
          {line}
        </pre>
        <Typography.Text copyable={{ text: line }} />
      </div>
    </>
  );
}

/**
 * Where people get the software: its public download page, and the two lines a Linux user pastes for the signed APT
 * repository once a `.deb` installer is released (what the public download page answers).
 */
function PublicCard({ soft }: { soft: SoftItem }) {
  const { t } = useTranslation();
  // Public data; a software with nothing released yet is "not found" there, which is no error here.
  const info = useQuery(
    scopedQuery('softUpdate/getDownloadInfo', { publicId: soft.publicId }, 'property', { notify: false }),
  );
  const apt = info.data?.apt;
  return (
    <Card size="small" title={t('pc-software.public.title')} data-testid="public-card">
      <Space direction="vertical" size={8} style={{ width: '100%' }}>
        <Typography.Text>
          {t('pc-software.public.id')}{' '}
          <Typography.Text code copyable translate="no" data-testid="public-id">
            {soft.publicId}
          </Typography.Text>
        </Typography.Text>
        <Link
          to={'/download/$publicId' as never}
          params={{ publicId: soft.publicId } as never}
          target="_blank"
          data-testid="public-download-link"
        >
          <ExportOutlined /> {t('pc-software.public.downloadPage')}
        </Link>
        <Typography.Text type="secondary">{t('pc-software.public.checkHelp')}</Typography.Text>
        {apt ? (
          <div data-testid="public-apt">
            <Typography.Text strong>{t('pc-software.public.aptTitle')}</Typography.Text>
            <AptLine
              label={t('pc-software.public.aptKey')}
              line={aptKeyLine(absolute(apt.keyUrl), apt.keyringPath)}
              testId="public-apt-key"
            />
            <AptLine
              label={t('pc-software.public.aptSource')}
              line={aptSourcesLine(absolute(apt.repoUrl), apt.keyringPath, apt.suite)}
              testId="public-apt-source"
            />
          </div>
        ) : (
          <Typography.Text type="secondary" data-testid="public-no-apt">
            {t('pc-software.public.noApt')}
          </Typography.Text>
        )}
      </Space>
    </Card>
  );
}

/** The software's facts and, with `tools.list.edit`, its edit button. */
function SoftHead({ soft }: { soft: SoftItem }) {
  const { t } = useTranslation();
  const canEdit = useSoftCan('edit') && soft.granted === 0;
  const [editing, setEditing] = useState(false);
  return (
    <Card size="small" data-testid="soft-head">
      <div className="k-soft-head">
        <SoftIcon url={soft.iconUrl} size={56} alt={soft.name} />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Typography.Title level={4} style={{ margin: 0 }} translate="no" data-testid="soft-name-text">
            {soft.name}
          </Typography.Title>
          <Space size={4} wrap style={{ marginTop: 4 }}>
            <KindTag soft={soft} testId="soft-kind" />
            <AuthTypeTag value={soft.authType} testId="soft-auth" />
          </Space>
          {soft.description && (
            <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0, whiteSpace: 'pre-wrap' }} translate="no">
              {soft.description}
            </Typography.Paragraph>
          )}
        </div>
        {canEdit && (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="soft-head-edit">
            {t('pc-software.soft.edit')}
          </Button>
        )}
      </div>
      <Descriptions
        size="small"
        style={{ marginTop: 12 }}
        column={{ xs: 1, sm: 1, md: 2, lg: 3, xl: 3, xxl: 3 }}
        items={[
          {
            key: 'space',
            label: t('pc-software.soft.space'),
            children: <span translate="no">{soft.spaceName || '—'}</span>,
          },
          { key: 'versions', label: t('pc-software.soft.versions'), children: <LatestVersions soft={soft} /> },
          {
            key: 'main',
            label: soft.kind === 'main' ? t('pc-software.main.children') : t('pc-software.soft.mainTool'),
            children:
              soft.kind === 'main' ? (
                <Link to={MAIN_TOOLS_PAGE as never} search={{ mainSoftId: soft.softId } as never}>
                  {t('pc-software.soft.childCount', { count: soft.childCount })}
                </Link>
              ) : (
                <span translate="no">{soft.mainSoftName || t('pc-software.soft.noMain')}</span>
              ),
          },
          {
            key: 'sign',
            label: t('pc-software.soft.signModule'),
            children: <span translate="no">{soft.signModuleName || t('pc-software.soft.unsigned')}</span>,
          },
          {
            key: 'created',
            label: t('pc-software.created'),
            children: (
              <span>
                {formatTime(soft.createTime)} · <span translate="no">{soft.createdByName}</span>
              </span>
            ),
          },
          {
            key: 'granted',
            label: t('pc-software.soft.owner'),
            children: <span translate="no">{soft.propertyName}</span>,
          },
        ]}
      />
      {editing && <SoftDialog soft={soft} onClose={() => setEditing(false)} />}
    </Card>
  );
}

/**
 * `/Wekit/WekitAppInfo?softId=`: one software — its facts, where people download it (the public page and the APT
 * lines), its update checks and downloads as a chart, its versions (PcAppVerListComponent) and its release managers
 * and trial users (PcAppReleaseComponent). Another software is chosen in the card's corner.
 */
export function WekitAppInfo() {
  const { t } = useTranslation();
  const state = useSoftOfUrl();
  return (
    <Card
      title={t('pc-software.info.title')}
      data-testid="soft-info-page"
      extra={state.pno ? <SoftChoice value={state.softId} /> : null}
    >
      <SoftGate state={state}>
        {(soft) => (
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <SoftHead soft={soft} />
            <PcAppVerListComponent soft={soft} />
            <PcAppReleaseComponent soft={soft} />
            <StatsCard soft={soft} />
            <PublicCard soft={soft} />
          </Space>
        )}
      </SoftGate>
    </Card>
  );
}
