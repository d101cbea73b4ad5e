import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Drawer from 'antd/es/drawer';
import Segmented from 'antd/es/segmented';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchOf, useSearchRecord } from '../../../shared/api/search-of';
import { PropertySelect } from '../../../shared/pickers/PropertySelect';
import { ApplicationsTable } from '../components/ApplicationsTable';
import { SpaceDetailCmp } from '../components/SpaceDetailCmp';
import { SpaceStatisticsBar } from '../components/SpaceStatisticsBar';
import { SpaceTable } from '../components/SpaceTable';
import { AddSpaceDialog } from '../dialogs/AddSpaceDialog';
import { freshList, SPACE_SEARCH } from '../search';

/**
 * `/Tis/space/SpaceListPage` (back office, operators): every property's spaces, or one property's (`filterPno`),
 * with statistics; create spaces, change quotas, see their history and details (in a drawer); review applications.
 */
export function SpaceListPage() {
  const { t } = useTranslation();
  const search = useSearchRecord();
  const navigate = useNavigate();
  const { filterPno, view: asked } = useSearchOf(SPACE_SEARCH);
  const view = asked === 'applications' ? 'applications' : 'spaces';
  const [open, setOpen] = useState<{ sid: string; name: string } | null>(null);
  const [adding, setAdding] = useState(false);
  const go = (next: Record<string, unknown>) =>
    void navigate({ to: '.', search: { ...freshList(search), ...next } as never, replace: true });
  return (
    <Card
      title={t('space.back.title')}
      data-testid="space-list-page"
      extra={
        <Button type="primary" icon={<PlusOutlined />} data-testid="space-add" onClick={() => setAdding(true)}>
          {t('space.add.open')}
        </Button>
      }
    >
      <Space style={{ marginBottom: 16 }} wrap>
        <Typography.Text>{t('space.fields.property')}</Typography.Text>
        <PropertySelect
          value={filterPno}
          testId="space-back-property"
          ariaLabel={t('space.fields.property')}
          placeholder={t('space.back.allProperties')}
          style={{ width: 320, maxWidth: '100%' }}
          onChange={(pno) => go({ view: asked, filterPno: pno || undefined })}
        />
        <Segmented
          data-testid="space-back-view"
          value={view}
          onChange={(v) => go({ filterPno, view: v === 'applications' ? 'applications' : undefined })}
          options={[
            { value: 'spaces', label: t('space.back.spaces') },
            { value: 'applications', label: t('space.fileSpace.applications') },
          ]}
        />
      </Space>
      {view === 'spaces' ? (
        <>
          <SpaceStatisticsBar scope="platform" filterPno={filterPno} />
          <SpaceTable scope="platform" filterPno={filterPno} canEditQuota onOpen={(s) => setOpen(s)} />
        </>
      ) : (
        <ApplicationsTable scope="platform" filterPno={filterPno} />
      )}
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        title={<span translate="no">{open?.name}</span>}
        size="large"
        destroyOnHidden
        data-testid="space-drawer"
      >
        {open && <SpaceDetailCmp sid={open.sid} mode="platform" />}
      </Drawer>
      <AddSpaceDialog open={adding} scope="platform" onClose={() => setAdding(false)} />
    </Card>
  );
}
