import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { AppGroupItem, GroupCategoryItem } from '@keel/contract/endpoints/app-group';
import { useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { useSearchRecord } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { AppIcon } from '../../../shared/ui/AppCell';
import { ADD_CATEGORY_DIALOG, GROUP_READS, useCanManage } from '../api';
import { useCategories } from '../queries';
import '../app-group.css';

/** One category: icon, names, place, its apps as chips; edit and delete for those who manage. */
function CategoryCard({ category, manage }: { category: GroupCategoryItem; manage: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearchRecord();
  const remove = useApiMutation('group/deleteGroupCategory', {
    invalidates: GROUP_READS,
    success: () => t('app-group.category.deleted', { name: category.name }),
  });
  const offShelf = category.appIdList.length - category.appList.length;
  return (
    <div className="k-grp-category" data-testid={`grp-category-${category.nameEn}`}>
      <div className="k-grp-category-head">
        <AppIcon url={category.iconUrl} size={36} />
        <div className="k-grp-name">
          <Typography.Text strong translate="no">
            {t('app-group.category.place', { place: category.position + 1 })} · {category.name}
          </Typography.Text>
          <Typography.Text type="secondary" translate="no">
            {category.nameZh} / {category.nameEn}
          </Typography.Text>
        </div>
        {manage && (
          <>
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={t('app-group.category.edit')}
              title={t('app-group.category.edit')}
              data-testid={`grp-category-edit-${category.nameEn}`}
              onClick={() =>
                void navigate({
                  to: ADD_CATEGORY_DIALOG as never,
                  search: { ...search, categoryId: category.categoryId } as never,
                })
              }
            />
            <ConfirmAction
              title={t('app-group.category.deleteConfirm', { name: category.name })}
              description={t('app-group.category.deleteHelp')}
              onConfirm={() => remove({ categoryId: category.categoryId })}
              buttonProps={
                {
                  size: 'small',
                  icon: <DeleteOutlined />,
                  'aria-label': t('app-group.category.delete'),
                  title: t('app-group.category.delete'),
                  'data-testid': `grp-category-delete-${category.nameEn}`,
                } as never
              }
            >
              {null}
            </ConfirmAction>
          </>
        )}
      </div>
      {category.appList.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t('app-group.category.noApps')}
        </Typography.Paragraph>
      ) : (
        <div className="k-grp-chips">
          {category.appList.map((app) => (
            <span key={app.appId} className="k-grp-chip" title={app.packageName}>
              <AppIcon url={app.iconUrl} size={20} />
              <span translate="no">{app.appName}</span>
            </span>
          ))}
        </div>
      )}
      {offShelf > 0 && (
        <Typography.Text type="warning" style={{ fontSize: 12 }}>
          {t('app-group.category.someOffShelf', { count: offShelf })}
        </Typography.Text>
      )}
    </div>
  );
}

/** The categories of a group, in order, in a drawer (`?groupId=`); add, edit and delete them. */
export function CategoriesDrawer({ group, onClose }: { group: AppGroupItem; onClose: () => void }) {
  const { t } = useTranslation();
  const manage = useCanManage();
  const navigate = useNavigate();
  const search = useSearchRecord();
  const categories = useCategories(group.masterAppId);
  let body: React.ReactNode;
  if (categories.isLoading) body = <Spin />;
  else if (categories.isError)
    body = (
      <Result
        status="error"
        title={t('kit.loadFailed')}
        subTitle={categories.error.message}
        extra={<Button onClick={() => void categories.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  else if (!categories.data?.list.length) body = <Empty description={t('app-group.category.none')} />;
  else body = categories.data.list.map((c) => <CategoryCard key={c.categoryId} category={c} manage={manage} />);
  return (
    <Drawer
      open
      onClose={onClose}
      size="min(720px, 100vw)"
      title={t('app-group.category.title', { name: group.name })}
      data-testid="grp-categories"
      extra={
        manage ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="grp-category-add"
            onClick={() =>
              void navigate({ to: ADD_CATEGORY_DIALOG as never, search: { ...search, categoryId: undefined } as never })
            }
          >
            {t('app-group.category.add')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t('app-group.category.help')}</Typography.Paragraph>
      {body}
    </Drawer>
  );
}
