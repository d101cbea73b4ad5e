import { permissionCatalogue } from '@keel/contract/permissions/catalogue';
import Typography from 'antd/es/typography';
import { useLocale } from '../api';

const byId = new Map(permissionCatalogue.map((n) => [n.id, n]));

/** A permission of the catalogue as "page › function" in the current language (an unknown id as itself). */
export function PermissionName({ id }: { id: string }) {
  const locale = useLocale();
  const node = byId.get(id);
  const parent = node?.parent ? byId.get(node.parent) : undefined;
  const text = !node ? id : parent ? `${parent.name[locale]} › ${node.name[locale]}` : node.name[locale];
  return (
    <Typography.Text strong data-testid="permission-name">
      {text}
    </Typography.Text>
  );
}
