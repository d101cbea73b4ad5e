import { Link } from '@tanstack/react-router';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Empty from 'antd/es/empty';
import Row from 'antd/es/row';
import { MenuIcon } from '../../shared/menu/menu-icon';
import type { MenuEntry } from '../../shared/menu/menu-tree';

/** The pages a user can reach, as cards grouped under their menu. */
export function PageCards({
  entries,
  exclude,
  emptyText,
}: {
  entries: readonly MenuEntry[];
  exclude?: string;
  emptyText: string;
}) {
  const groups = entries
    .map((group) => ({ group, pages: collect(group).filter((p) => p.route !== exclude) }))
    .filter((g) => g.pages.length > 0);
  if (groups.length === 0) return <Empty description={emptyText} data-testid="no-pages" />;
  return (
    <Row gutter={[16, 16]} data-testid="page-cards">
      {groups.flatMap(({ group, pages }) =>
        pages.map((page) => (
          <Col key={page.id} xs={24} sm={12} lg={8} xl={6}>
            <Link to={page.route!} data-testid={`card-${page.id}`} style={{ display: 'block' }}>
              <Card hoverable size="small">
                <Card.Meta avatar={<MenuIcon name={group.icon} />} title={page.label} description={group.label} />
              </Card>
            </Link>
          </Col>
        )),
      )}
    </Row>
  );
}

function collect(entry: MenuEntry): MenuEntry[] {
  return [...(entry.route ? [entry] : []), ...entry.children.flatMap(collect)];
}
