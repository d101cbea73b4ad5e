import { Link } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import { useTranslation } from 'react-i18next';
import { useSearchOf } from '../../../shared/api/search-of';
import { type SpaceMode, useSpaceRights } from '../api';
import { SpaceDetailCmp } from '../components/SpaceDetailCmp';
import { SPACE_SEARCH } from '../search';

/** A detail page over SpaceDetailCmp: `?sid=` names the space; without one, the way back to the spaces. */
function DetailPage({ mode, title, testId }: { mode: SpaceMode; title: string; testId: string }) {
  const { t } = useTranslation();
  const { sid } = useSearchOf(SPACE_SEARCH);
  return (
    <Card
      title={title}
      data-testid={testId}
      extra={
        <Link to="/Tis/File/FileSpace" search={(mode === 'admin' ? { view: 'all' } : {}) as never}>
          <Button size="small" data-testid="space-back-to-list">
            {t('space.detail.backToList')}
          </Button>
        </Link>
      }
    >
      {sid ? <SpaceDetailCmp sid={sid} mode={mode} /> : <Empty description={t('space.detail.pick')} />}
    </Card>
  );
}

/** `/Tis/space/SpaceDetailPage?sid=`: one of the member's own spaces (`space/getMySpaceInfo`). */
export function SpaceDetailPage() {
  const { t } = useTranslation();
  return <DetailPage mode="mine" title={t('space.detail.mineTitle')} testId="space-detail-page" />;
}

/** `/Tis/space/SpaceBackDetailPage?sid=`: any space the administrator manages (`space/getAnySpaceInfo`). */
export function SpaceBackDetailPage() {
  const { t } = useTranslation();
  return <DetailPage mode="admin" title={t('space.detail.adminTitle')} testId="space-back-detail-page" />;
}

/**
 * `/Tis/space/SpaceDetailCmp?sid=[&mode=]`: the detail component on its own route (SPEC lists it as a component
 * route); the member's view, or the administrator's for those who manage spaces.
 */
export function SpaceDetailCmpPage() {
  const { t } = useTranslation();
  const rights = useSpaceRights();
  const { mode } = useSearchOf(SPACE_SEARCH);
  const effective: SpaceMode = mode === 'mine' || !rights.manage ? 'mine' : 'admin';
  return <DetailPage mode={effective} title={t('space.detail.cmpTitle')} testId="space-detail-cmp-page" />;
}
