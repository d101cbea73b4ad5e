import {
  APP_CATEGORY_POSITION_MAX,
  APP_GROUP_NAME_MAX,
  type AppGroupItem,
  type GroupCategoryItem,
} from '@keel/contract/endpoints/app-group';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useRouteObject } from '../../../shared/admin-kit/route-object';
import { useSearchOf } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { IconField, type ImageRef } from '../../../shared/upload/ImageFields';
import { GROUP_READS, GROUP_SEARCH } from '../api';
import { AppListField } from '../components/AppListField';
import { useCategories, useGroup } from '../queries';

interface Values {
  nameZh: string;
  nameEn: string;
  position?: number | null;
  icon?: ImageRef | null;
  appIdList: string[];
}

function CategoryForm({
  group,
  category,
  count,
  onClose,
}: {
  group: AppGroupItem;
  category?: GroupCategoryItem;
  /** How many categories the group has (a new one goes last). */
  count: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useApiMutation('group/addOrUpdateGroupCategory', {
    invalidates: GROUP_READS,
    success: (data) => t(category ? 'app-group.category.saved' : 'app-group.category.created', { name: data.name }),
  });
  const required = [{ required: true, whitespace: true, message: t('app-group.group.nameRequired') }];
  return (
    <FormDialog<Values>
      open
      testId="grp-category-dialog"
      title={
        category
          ? t('app-group.category.editTitle', { name: category.name })
          : t('app-group.category.createTitle', { group: group.name })
      }
      initialValues={
        category
          ? {
              nameZh: category.nameZh,
              nameEn: category.nameEn,
              position: category.position + 1,
              icon: category.iconFid ? { fid: category.iconFid, url: category.iconUrl } : null,
              appIdList: category.appIdList,
            }
          : { position: count + 1, appIdList: [] }
      }
      onSubmit={({ position, icon, ...v }) =>
        save({
          ...v,
          groupId: group.groupId,
          ...(category ? { categoryId: category.categoryId } : {}),
          ...(position ? { position: position - 1 } : {}),
          ...(icon ? { iconFid: icon.fid } : {}),
        })
      }
      onClose={onClose}
    >
      <Form.Item name="nameZh" label={t('app-group.category.nameZh')} rules={required}>
        <Input maxLength={APP_GROUP_NAME_MAX} showCount data-testid="grp-category-name-zh" />
      </Form.Item>
      <Form.Item name="nameEn" label={t('app-group.category.nameEn')} rules={required}>
        <Input maxLength={APP_GROUP_NAME_MAX} showCount data-testid="grp-category-name-en" />
      </Form.Item>
      <Form.Item name="position" label={t('app-group.category.position')} extra={t('app-group.category.positionHelp')}>
        <InputNumber min={1} max={APP_CATEGORY_POSITION_MAX + 1} precision={0} data-testid="grp-category-position" />
      </Form.Item>
      <Form.Item name="icon" label={t('app-group.category.icon')}>
        <IconField testId="grp-category-icon" alt={t('app-group.category.icon')} />
      </Form.Item>
      <Form.Item name="appIdList" label={t('app-group.category.apps')} extra={t('app-group.category.appsHelp')}>
        <AppListField known={category?.appList ?? []} />
      </Form.Item>
    </FormDialog>
  );
}

/** `AddGroupCategoryDlg`: adds a category to the group `?groupId=` names, or edits the one `?categoryId=` names. */
export function CategoryDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { groupId, categoryId } = useSearchOf(GROUP_SEARCH);
  // Without `?groupId=` the route names no group: the page shows alone (as a dialog route without its object).
  const group = useRouteObject(useGroup(groupId), groupId !== undefined, t('app-group.group.gone'), onClose);
  const categories = useCategories(group?.masterAppId);
  const category = useRouteObject(
    {
      ...categories,
      data: categories.data?.list.find((c) => c.categoryId === categoryId),
    },
    categoryId !== undefined,
    t('app-group.category.gone'),
    onClose,
  );
  if (groupId === undefined) return null;
  if (!group || !categories.data || (categoryId !== undefined && !category)) return <Spin fullscreen />;
  return <CategoryForm group={group} category={category} count={categories.data.list.length} onClose={onClose} />;
}
