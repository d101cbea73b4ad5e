import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import { APP_CATEGORY_APPS_MAX, type StoreAppItem } from '@keel/contract/endpoints/app-group';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { SearchSelect } from '../../../shared/pickers/SearchSelect';
import { AppIcon } from '../../../shared/ui/AppCell';
import '../app-group.css';

type Known = Pick<StoreAppItem, 'appId' | 'appName' | 'packageName' | 'iconUrl'>;

/**
 * A category's apps in order: picked one at a time among the apps on the shelf (searched on the server), moved up or
 * down, removed. An app that left the shelf since it was saved is marked (the server refuses to keep it).
 */
export function AppListField({
  value = [],
  onChange,
  known,
  id,
}: {
  value?: string[];
  onChange?: (ids: string[]) => void;
  /** The apps saved in the category, as the store shows them (those on the shelf). */
  known: readonly Known[];
  id?: string;
}) {
  const { t } = useTranslation();
  const apps = useRef(new Map(known.map((a) => [a.appId, a])));
  const [, redraw] = useState(0);
  const set = (ids: string[]) => onChange?.(ids);
  const move = (index: number, by: number) => {
    const next = [...value];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item as string);
    set(next);
  };
  return (
    <div data-testid="grp-category-apps">
      <SearchSelect
        // A new select after each pick: it adds to the list below and shows nothing picked itself.
        key={value.length}
        id={id}
        query={(str) => apiQuery('group/getStoreAppList', { pageNum: 1, pageSize: 20, ...(str ? { str } : {}) })}
        option={(a) => {
          apps.current.set(a.appId, a);
          return { value: a.appId, label: `${a.appName} (${a.packageName})` };
        }}
        value={undefined}
        onChange={(appId) => {
          if (!appId || value.includes(appId) || value.length >= APP_CATEGORY_APPS_MAX) return;
          set([...value, appId]);
          redraw((n) => n + 1);
        }}
        testId="grp-category-app-add"
        style={{ width: '100%' }}
        placeholder={t('app-group.category.addApp')}
        ariaLabel={t('app-group.category.addApp')}
        emptyText={t('app-group.group.noShelfApps')}
      />
      {value.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t('app-group.category.noApps')}
        </Typography.Paragraph>
      ) : (
        <ol className="k-grp-order">
          {value.map((appId, index) => {
            const app = apps.current.get(appId);
            return (
              <li key={appId} data-testid={`grp-category-app-${app?.packageName ?? appId}`}>
                <AppIcon url={app?.iconUrl ?? ''} size={24} />
                <span className="k-grp-order-name" translate="no" title={app?.packageName}>
                  {app?.appName ?? appId}
                </span>
                {!app && <Tag color="orange">{t('app-group.category.offShelf')}</Tag>}
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  aria-label={t('app-group.category.up')}
                  title={t('app-group.category.up')}
                  onClick={() => move(index, -1)}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  disabled={index === value.length - 1}
                  aria-label={t('app-group.category.down')}
                  title={t('app-group.category.down')}
                  onClick={() => move(index, 1)}
                />
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<CloseOutlined />}
                  aria-label={t('app-group.category.removeApp')}
                  title={t('app-group.category.removeApp')}
                  onClick={() => set(value.filter((v) => v !== appId))}
                />
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
