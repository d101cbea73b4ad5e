import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import Breadcrumb from 'antd/es/breadcrumb';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchOf, useSearchRecord } from '../../../shared/api/search-of';
import { type SpaceMode, useSpaceRights } from '../api';
import { GroupTreeCard, groupTreeQuery, indexGroups } from '../components/GroupTreeCard';
import { spaceInfoQuery } from '../components/SpaceDetailCmp';
import { SPACE_SEARCH } from '../search';

/** The page's mode: as the link named it, else the administrator's for those who manage spaces. */
export function useSpaceMode(): SpaceMode {
  const rights = useSpaceRights();
  const { mode } = useSearchOf(SPACE_SEARCH);
  return mode ?? (rights.manage ? 'admin' : 'mine');
}

/**
 * `/Tis/space/SpaceItemDetail?sid=&groupId=`: one group of a space's tree — where it sits, what is below it and how
 * many devices it holds — beside the tree, where another group can be picked (and, with the right, edited).
 */
export function SpaceItemDetailPage() {
  const { t } = useTranslation();
  const { sid, groupId } = useSearchOf(SPACE_SEARCH);
  const mode = useSpaceMode();
  const search = useSearchRecord();
  const navigate = useNavigate();
  const tree = useQuery({ ...groupTreeQuery(sid ?? '', mode), enabled: sid !== undefined });
  const info = useQuery({ ...spaceInfoQuery(sid ?? '', mode), enabled: sid !== undefined });
  const byId = useMemo(() => indexGroups(tree.data ?? []), [tree.data]);
  const group = groupId ? byId.get(groupId) : undefined;
  const path = useMemo(() => {
    const out = [];
    for (let at = group; at; at = at.pid ? byId.get(at.pid) : undefined) out.unshift(at);
    return out;
  }, [group, byId]);

  if (!sid)
    return (
      <Card title={t('space.item.title')} data-testid="space-item-page">
        <Empty description={t('space.detail.pick')} />
      </Card>
    );
  const pick = (next: string) =>
    void navigate({ to: '.', search: { ...search, groupId: next } as never, replace: true });
  return (
    <Card
      title={t('space.item.title')}
      data-testid="space-item-page"
      extra={
        <Link
          to={mode === 'mine' ? '/Tis/space/SpaceDetailPage' : '/Tis/space/SpaceBackDetailPage'}
          search={{ sid } as never}
        >
          <Button size="small" data-testid="space-item-back">
            {t('space.item.backToSpace')}
          </Button>
        </Link>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <GroupTreeCard
            sid={sid}
            mode={mode}
            canEdit={info.data?.canEditGroups === 1}
            selected={groupId ?? sid}
            onSelect={pick}
          />
        </Col>
        <Col xs={24} lg={14}>
          {tree.isLoading ? (
            <Skeleton active />
          ) : !group ? (
            <Empty description={t('space.item.notFound')} data-testid="space-item-missing" />
          ) : (
            <Card size="small" title={<span data-testid="space-item-name">{group.name}</span>}>
              <Breadcrumb style={{ marginBottom: 12 }} items={path.map((n) => ({ key: n.groupId, title: n.name }))} />
              <Descriptions size="small" column={1}>
                <Descriptions.Item label={t('space.item.space')}>{info.data?.name ?? ''}</Descriptions.Item>
                <Descriptions.Item label={t('space.item.children')}>
                  {group.children.length === 0
                    ? t('space.item.noChildren')
                    : group.children.map((c) => c.name).join(t('space.item.separator'))}
                </Descriptions.Item>
                <Descriptions.Item label={t('space.fields.devices')}>
                  <span data-testid="space-item-devices">{group.deviceNum ?? 0}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('space.group.sort')}>{group.sort}</Descriptions.Item>
                <Descriptions.Item label={t('space.item.id')}>{group.groupId}</Descriptions.Item>
              </Descriptions>
            </Card>
          )}
        </Col>
      </Row>
    </Card>
  );
}
