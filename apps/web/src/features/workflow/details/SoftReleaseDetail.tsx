import Descriptions from 'antd/es/descriptions';
import { useTranslation } from 'react-i18next';
import type { DetailProps } from './SnapshotDetail';

interface InstallerSnapshot {
  os?: string;
  arch?: string;
  format?: string;
  fileName?: string;
}

const text = (value: unknown): string => (typeof value === 'string' && value ? value : '—');

/**
 * A PC software release (apply type `softRelease`): which software and version, from which channel to which (a
 * promotion from beta to stable, or a first release), the manager's remark, and the installers it would publish —
 * as the application recorded them.
 */
export function SoftReleaseDetail({ apply }: DetailProps) {
  const { t } = useTranslation();
  const s = apply.snapshot as Record<string, unknown>;
  const channel = (c: unknown) =>
    typeof c === 'string' && c
      ? t(`workflow.softRelease.channels.${c}`, { defaultValue: c })
      : t('workflow.softRelease.unreleased');
  const installers = Array.isArray(s.installers) ? (s.installers as InstallerSnapshot[]) : [];
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      data-testid="soft-release-detail"
      styles={{ label: { width: 140 } }}
      items={[
        {
          key: 'soft',
          label: t('workflow.softRelease.soft'),
          children: <span translate="no">{text(s.softName)}</span>,
        },
        {
          key: 'version',
          label: t('workflow.softRelease.version'),
          children: (
            <span translate="no" data-testid="field-version">
              {text(s.version)}
            </span>
          ),
        },
        {
          key: 'channel',
          label: t('workflow.softRelease.channel'),
          children: (
            <span data-testid="field-channel">
              {channel(s.fromChannel)} → {channel(s.channel)}
            </span>
          ),
        },
        {
          key: 'installers',
          label: t('workflow.softRelease.installers'),
          children: installers.length ? (
            <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="field-installers">
              {installers.map((i) => (
                <li key={`${i.os}-${i.arch}-${i.format}`} translate="no" style={{ wordBreak: 'break-word' }}>
                  {`${i.os ?? ''} ${i.arch ?? ''} ${i.format ?? ''}`.trim()} · {text(i.fileName)}
                </li>
              ))}
            </ul>
          ) : (
            '—'
          ),
        },
        {
          key: 'remark',
          label: t('workflow.softRelease.remark'),
          children: (
            <span translate="no" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {text(s.remark)}
            </span>
          ),
        },
      ]}
    />
  );
}
