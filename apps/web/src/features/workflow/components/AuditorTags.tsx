import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import IdcardOutlined from '@ant-design/icons/IdcardOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { AUTH_TYPES } from '@keel/contract/constants';
import type { AuditorRef } from '@keel/contract/endpoints/workflow';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type AuthType = AuditorRef['authType'];

const ICONS: Record<AuthType, ReactNode> = {
  [AUTH_TYPES.users]: <UserOutlined />,
  [AUTH_TYPES.titles]: <IdcardOutlined />,
  [AUTH_TYPES.userSets]: <TeamOutlined />,
  [AUTH_TYPES.orgs]: <ApartmentOutlined />,
};

const COLORS: Record<AuthType, string> = {
  [AUTH_TYPES.users]: 'blue',
  [AUTH_TYPES.titles]: 'purple',
  [AUTH_TYPES.userSets]: 'cyan',
  [AUTH_TYPES.orgs]: 'geekblue',
};

/** The kind of an auditor entry (user, title, user set, unit) as its i18n key. */
export const AUTH_KIND: Record<AuthType, 'user' | 'title' | 'userSet' | 'org'> = {
  [AUTH_TYPES.users]: 'user',
  [AUTH_TYPES.titles]: 'title',
  [AUTH_TYPES.userSets]: 'userSet',
  [AUTH_TYPES.orgs]: 'org',
};

/**
 * Auditor entries as tags: an icon for its kind, its name (user data) and, but for a user, how many people it
 * resolves to today. One that no longer exists is struck through. `onOpen` makes each a button (its detail).
 */
export function AuditorTags({
  auditors,
  onOpen,
  empty,
  testId,
}: {
  auditors: readonly AuditorRef[];
  onOpen?: (auditor: AuditorRef) => void;
  empty?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (auditors.length === 0)
    return <Typography.Text type="secondary">{empty ?? t('workflow.auditor.none')}</Typography.Text>;
  return (
    <span data-testid={testId} style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 6 }}>
      {auditors.map((a) => {
        const kind = t(`workflow.auditor.kinds.${AUTH_KIND[a.authType]}`);
        const gone = a.exists === 0;
        const label = (
          <>
            <span translate="no" style={gone ? { textDecoration: 'line-through' } : undefined}>
              {a.name || t('workflow.auditor.gone')}
            </span>
            {a.authType !== AUTH_TYPES.users && (
              <span style={{ marginInlineStart: 4, opacity: 0.75 }}>
                {t('workflow.auditor.people', { count: a.userNum })}
              </span>
            )}
          </>
        );
        const tip = gone ? t('workflow.auditor.goneHint', { kind }) : kind;
        const tag = (
          <Tag
            key={`${a.authType}-${a.id}`}
            icon={ICONS[a.authType]}
            color={gone ? 'default' : COLORS[a.authType]}
            style={{ marginInlineEnd: 0, maxWidth: '100%', whiteSpace: 'normal' }}
            data-testid={`auditor-${AUTH_KIND[a.authType]}-${a.name}`}
          >
            {onOpen ? (
              <button type="button" className="k-wf-tag-button" onClick={() => onOpen(a)}>
                {/* The kind is read before the visible name (an aria-label would hide the people count). */}
                <span className="k-visually-hidden">{kind}: </span>
                {label}
              </button>
            ) : (
              label
            )}
          </Tag>
        );
        return (
          <Tooltip key={`${a.authType}-${a.id}`} title={tip}>
            {tag}
          </Tooltip>
        );
      })}
    </span>
  );
}
