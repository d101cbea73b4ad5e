import { useNavigate } from '@tanstack/react-router';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { useSearchRecord } from '../../../shared/api/search-of';
import { useSession } from '../../../shared/session/session-store';
import { CATALOGUE_TABS, type CatalogueTab, useCatalogueResource } from '../catalogue';

function CatalogueTable({ tab }: { tab: CatalogueTab }) {
  return <ResourcePage resource={useCatalogueResource(tab)} />;
}

/**
 * `/Tis/datamgr/DataMgrMainPage`: the selected property's device catalogue — models, platforms and types, one tab
 * each (`?tab=`), declared in `catalogue.tsx`: "new" opens the spec's dialog routes, edits a dialog of the page.
 */
export function DataMgrMainPage({ tab: forced }: { tab?: CatalogueTab } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearchRecord();
  const pno = useSession((s) => s.selectedPropertyPno);
  const tab = forced ?? CATALOGUE_TABS.find((key) => key === search.tab) ?? 'models';
  if (!pno) return <Empty description={t('device.noProperty')} data-testid="datamgr-page" />;
  return (
    <Card title={t('device.catalogue.page')} data-testid="datamgr-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => void navigate({ to: '.', search: { tab: key } as never, replace: true })}
        items={CATALOGUE_TABS.map((key) => ({
          key,
          label: t(`device.catalogue.tabs.${key}`),
          children: key === tab ? <CatalogueTable tab={key} /> : null,
        }))}
      />
    </Card>
  );
}
