import type { GroupCategoryItem, StoreAppItem } from '@keel/contract/endpoints/app-group';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Pagination from 'antd/es/pagination';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf, useSearchUpdate } from '../../../shared/api/search-of';
import { useSession } from '../../../shared/session/session-store';
import { AppIcon } from '../../../shared/ui/AppCell';
import { groupChoicesQuery, STORE_SEARCH } from '../api';
import { StoreAppCard } from '../components/StoreAppCard';
import { StoreAppDrawer } from '../components/StoreAppDrawer';
import { useCategories } from '../queries';
import '../app-group.css';

const WHOLE_PAGE_SIZE = 24;

/** Whether an app matches the search (name, package, summary), for a group's store read whole. */
const matches = (app: StoreAppItem, str: string) =>
  [app.appName, app.packageName, app.summary].some((v) => v.toLowerCase().includes(str.toLowerCase()));

function Failed({ error, retry }: { error: Error; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('kit.loadFailed')}
      subTitle={error.message}
      extra={<Button onClick={retry}>{t('kit.retry')}</Button>}
    />
  );
}

/** The whole store (devices in no group): every app on the shelf, searched on the server, paged. */
function WholeStore({ str, onOpen }: { str: string; onOpen: (app: StoreAppItem) => void }) {
  const { t } = useTranslation();
  // A new search is a new WholeStore (keyed by it), starting on the first page.
  const [pageNum, setPageNum] = useState(1);
  const apps = useQuery({
    ...apiQuery('group/getStoreAppList', { pageNum, pageSize: WHOLE_PAGE_SIZE, ...(str ? { str } : {}) }),
    placeholderData: keepPreviousData,
  });
  if (apps.isLoading) return <Spin />;
  if (apps.isError) return <Failed error={apps.error} retry={() => void apps.refetch()} />;
  const page = apps.data;
  if (!page || page.list.length === 0)
    return <Empty description={str ? t('app-group.store.noMatch') : t('app-group.store.empty')} />;
  return (
    <>
      <div className="k-store-grid" data-testid="store-grid">
        {page.list.map((app) => (
          <StoreAppCard key={app.appId} app={app} onOpen={onOpen} />
        ))}
      </div>
      {page.total > WHOLE_PAGE_SIZE && (
        <Pagination
          style={{ marginTop: 16 }}
          size="small"
          current={pageNum}
          pageSize={WHOLE_PAGE_SIZE}
          total={page.total}
          showSizeChanger={false}
          onChange={setPageNum}
        />
      )}
    </>
  );
}

/** A category as a row of app cards that scrolls on its own. */
function CategoryRow({
  category,
  apps,
  onOpen,
}: {
  category: GroupCategoryItem;
  apps: StoreAppItem[];
  onOpen: (app: StoreAppItem) => void;
}) {
  return (
    <section className="k-store-row" data-testid={`store-category-${category.nameEn}`}>
      <div className="k-store-row-head">
        {category.iconUrl && <AppIcon url={category.iconUrl} size={24} />}
        <h3 translate="no">{category.name}</h3>
      </div>
      <div className="k-store-row-cards">
        {apps.map((app) => (
          <StoreAppCard key={app.appId} app={app} onOpen={onOpen} />
        ))}
      </div>
    </section>
  );
}

/** A group's store: its categories in order, each a row of its apps on the shelf (filtered by the search). */
function GroupStore({
  masterAppId,
  str,
  onOpen,
}: {
  masterAppId: string;
  str: string;
  onOpen: (app: StoreAppItem) => void;
}) {
  const { t } = useTranslation();
  const categories = useCategories(masterAppId);
  if (categories.isLoading) return <Spin />;
  if (categories.isError) return <Failed error={categories.error} retry={() => void categories.refetch()} />;
  const rows = (categories.data?.list ?? [])
    .map((category) => ({ category, apps: category.appList.filter((a) => !str || matches(a, str)) }))
    .filter((r) => r.apps.length > 0);
  if (rows.length === 0)
    return (
      <Empty
        description={
          str
            ? t('app-group.store.noMatch')
            : categories.data?.group
              ? t('app-group.store.groupEmpty')
              : t('app-group.store.groupGone')
        }
      />
    );
  return (
    <>
      {rows.map((r) => (
        <CategoryRow key={r.category.categoryId} category={r.category} apps={r.apps} onOpen={onOpen} />
      ))}
    </>
  );
}

/**
 * `/AppService/appstore/AppStorePage`: the store as a device shows it. Choose an app group (`?masterAppId=`, its
 * master app) to see its categories as rows of app cards, or the whole store (what a device in no group shows) as
 * a grid; search (`?str=`); open an app for its listing, screenshots, version, size and permissions. Images come
 * through the app store's signed links.
 */
export function AppStorePage() {
  const { t } = useTranslation();
  const pno = useSession((s) => s.selectedPropertyPno);
  const { masterAppId, str = '' } = useSearchOf(STORE_SEARCH);
  const update = useSearchUpdate();
  const [text, setText] = useState(str);
  const [opened, setOpened] = useState<StoreAppItem | null>(null);
  const groups = useQuery({ ...groupChoicesQuery(), enabled: Boolean(pno) });

  let body: ReactNode;
  if (!pno) body = <Empty description={t('app-group.page.noProperty')} />;
  else if (masterAppId) body = <GroupStore masterAppId={masterAppId} str={str} onOpen={setOpened} />;
  else body = <WholeStore key={str} str={str} onOpen={setOpened} />;

  return (
    <Card title={t('app-group.store.title')} data-testid="app-store-page">
      {pno && (
        <div className="k-grp-toolbar">
          <Typography.Paragraph type="secondary">{t('app-group.store.help')}</Typography.Paragraph>
          <Select<string>
            data-testid="store-group"
            aria-label={t('app-group.store.group')}
            style={{ flex: '1 1 200px', minWidth: 0, maxWidth: 320 }}
            value={masterAppId ?? ''}
            loading={groups.isLoading}
            onChange={(value) => update({ masterAppId: value || undefined })}
            options={[
              { value: '', label: t('app-group.store.whole') },
              ...(groups.data?.list ?? []).map((g) => ({ value: g.masterAppId, label: g.name })),
            ]}
          />
          <Input.Search
            allowClear
            value={text}
            onChange={(e) => setText(e.target.value)}
            onSearch={(value) => update({ str: value.trim() || undefined })}
            placeholder={t('app-group.store.search')}
            aria-label={t('app-group.store.search')}
            data-testid="store-search"
            style={{ flex: '1 1 200px', minWidth: 0, maxWidth: 320 }}
          />
        </div>
      )}
      {body}
      {opened && <StoreAppDrawer app={opened} onClose={() => setOpened(null)} />}
    </Card>
  );
}
