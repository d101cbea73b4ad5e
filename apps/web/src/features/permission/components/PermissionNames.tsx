import { permissionCatalogue } from '@keel/contract/permissions/catalogue';
import Popover from 'antd/es/popover';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../../../shared/i18n/language';

const byId = new Map(permissionCatalogue.map((n) => [n.id, n]));

/** "Page › function" names of catalogue ids in the current language (unknown ids as they are). */
export function permissionLabels(ids: readonly string[], locale: 'zh-cn' | 'en'): string[] {
  return ids.map((id) => {
    const node = byId.get(id);
    if (!node) return id;
    const parent = node.parent ? byId.get(node.parent) : undefined;
    return parent ? `${parent.name[locale]} › ${node.name[locale]}` : node.name[locale];
  });
}

/** The number of ids of a set; hovering lists their names. */
export function PermissionCount({ ids, testId }: { ids: readonly string[]; testId?: string }) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'zh-cn';
  if (ids.length === 0) return <Typography.Text type="secondary">0</Typography.Text>;
  return (
    <Popover
      title={t('permission.set.permissions')}
      content={
        <ul style={{ margin: 0, paddingInlineStart: 18, maxHeight: 320, overflow: 'auto', maxWidth: 360 }}>
          {permissionLabels(ids, locale).map((label, i) => (
            <li key={ids[i]}>{label}</li>
          ))}
        </ul>
      }
    >
      <Typography.Link data-testid={testId}>{ids.length}</Typography.Link>
    </Popover>
  );
}
