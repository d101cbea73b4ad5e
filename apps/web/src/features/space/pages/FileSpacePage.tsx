import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Segmented from 'antd/es/segmented';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchOf, useSearchRecord } from '../../../shared/api/search-of';
import { useSession } from '../../../shared/session/session-store';
import { useSpaceRights } from '../api';
import { ApplicationsTable } from '../components/ApplicationsTable';
import { MyApplications, MySpaces } from '../components/MySpaces';
import { SpaceStatisticsBar } from '../components/SpaceStatisticsBar';
import { SpaceTable } from '../components/SpaceTable';
import { AddSpaceDialog } from '../dialogs/AddSpaceDialog';
import { EditSpaceBusinessDialog } from '../dialogs/EditSpaceBusinessDialog';
import { freshList, SPACE_SEARCH } from '../search';

/**
 * `/Tis/File/FileSpace`: every member's own spaces and applications (apply for one here); for those who manage the
 * property's spaces also all of them within their scope, with statistics, and the applications to review (SPEC §6:
 * the administrator's view uses the `getAll…` calls, the member's the `getMy…` ones).
 */
export function FileSpacePage() {
  const { t } = useTranslation();
  const pno = useSession((s) => s.selectedPropertyPno);
  const rights = useSpaceRights();
  const search = useSearchRecord();
  const navigate = useNavigate();
  const { view: asked } = useSearchOf(SPACE_SEARCH);
  const view =
    asked === 'all' && rights.manage ? 'all' : asked === 'applications' && rights.editQuota ? 'applications' : 'mine';
  const [dialog, setDialog] = useState<'apply' | 'add' | null>(null);
  const go = (next: string) =>
    void navigate({ to: '.', search: { ...freshList(search), view: next === 'mine' ? undefined : next } as never });

  if (!pno)
    return (
      <Card title={t('space.fileSpace.title')} data-testid="file-space-page">
        <Empty description={t('space.noProperty')} />
      </Card>
    );

  const views = [
    { value: 'mine', label: t('space.fileSpace.mine') },
    ...(rights.manage ? [{ value: 'all', label: t('space.fileSpace.all') }] : []),
    ...(rights.editQuota ? [{ value: 'applications', label: t('space.fileSpace.applications') }] : []),
  ];
  return (
    <Card
      title={t('space.fileSpace.title')}
      data-testid="file-space-page"
      extra={
        <Space size={8} wrap>
          <Button data-testid="space-apply" onClick={() => setDialog('apply')}>
            {t('space.apply.open')}
          </Button>
          {rights.editQuota && (
            <Button type="primary" icon={<PlusOutlined />} data-testid="space-add" onClick={() => setDialog('add')}>
              {t('space.add.open')}
            </Button>
          )}
        </Space>
      }
    >
      {views.length > 1 && (
        <Segmented
          data-testid="file-space-view"
          style={{ marginBottom: 16 }}
          value={view}
          onChange={(v) => go(String(v))}
          options={views}
        />
      )}
      {view === 'mine' && (
        <>
          <MySpaces />
          <MyApplications />
        </>
      )}
      {view === 'all' && (
        <>
          <SpaceStatisticsBar scope="property" />
          <SpaceTable
            scope="property"
            canEditQuota={rights.editQuota}
            onOpen={(s) => void navigate({ to: '/Tis/space/SpaceBackDetailPage', search: { sid: s.sid } as never })}
          />
        </>
      )}
      {view === 'applications' && <ApplicationsTable scope="property" />}
      <EditSpaceBusinessDialog open={dialog === 'apply'} onClose={() => setDialog(null)} />
      <AddSpaceDialog open={dialog === 'add'} onClose={() => setDialog(null)} />
    </Card>
  );
}
