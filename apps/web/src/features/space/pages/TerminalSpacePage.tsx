import { SPACE_LIST_PAGE_SIZE } from '@keel/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Empty from 'antd/es/empty';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Statistic from 'antd/es/statistic';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf, useSearchRecord } from '../../../shared/api/search-of';
import { useSpaceRights } from '../api';
import { GroupTreeCard, groupTreeQuery, indexGroups } from '../components/GroupTreeCard';
import { spaceInfoQuery } from '../components/SpaceDetailCmp';
import { SPACE_SEARCH } from '../search';
import { useSpaceMode } from './SpaceItemDetailPage';

/** Picks a space: the member's own, and for those who manage spaces every one in their scope. */
function SpacePicker({ value, onChange }: { value?: string; onChange: (sid: string) => void }) {
  const { t } = useTranslation();
  const rights = useSpaceRights();
  const mine = useQuery(apiQuery('space/getMySpaceList', { pageNum: 1, pageSize: SPACE_LIST_PAGE_SIZE }));
  const all = useQuery({
    ...apiQuery('space/getAllSpaceList', { pageNum: 1, pageSize: SPACE_LIST_PAGE_SIZE }),
    enabled: rights.manage,
  });
  const options = useMemo(() => {
    const seen = new Map<string, string>();
    for (const s of [...(mine.data?.list ?? []), ...(all.data?.list ?? [])]) seen.set(s.sid, s.name);
    return [...seen].map(([sid, name]) => ({ value: sid, label: name }));
  }, [mine.data, all.data]);
  return (
    <Select
      aria-label={t('space.terminal.pick')}
      data-testid="terminal-space-picker"
      style={{ width: 320, maxWidth: '100%' }}
      showSearch
      optionFilterProp="label"
      placeholder={t('space.terminal.pick')}
      loading={mine.isLoading || all.isLoading}
      options={options}
      value={value}
      onChange={onChange}
    />
  );
}

/**
 * `/Tis/space/TerminalSpace?sid=` (opened in a new tab, SPEC §2): a space's terminals by group — the group tree with
 * the devices of each group and those below it (`sg/getGroupTree`, `includeDeviceNum`), the selected group's count.
 */
export function TerminalSpacePage() {
  const { t } = useTranslation();
  const { sid } = useSearchOf(SPACE_SEARCH);
  const mode = useSpaceMode();
  const search = useSearchRecord();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const info = useQuery({ ...spaceInfoQuery(sid ?? '', mode), enabled: sid !== undefined });
  const tree = useQuery({ ...groupTreeQuery(sid ?? '', mode), enabled: sid !== undefined });
  const byId = useMemo(() => indexGroups(tree.data ?? []), [tree.data]);
  const group = byId.get(selected ?? sid ?? '');
  return (
    <Card
      title={info.data ? t('space.terminal.titleOf', { name: info.data.name }) : t('space.terminal.title')}
      data-testid="terminal-space-page"
      extra={
        <SpacePicker
          value={sid}
          onChange={(next) => {
            setSelected(undefined);
            void navigate({ to: '.', search: { ...search, sid: next } as never, replace: true });
          }}
        />
      }
    >
      {!sid ? (
        <Empty description={t('space.terminal.pick')} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <GroupTreeCard
              sid={sid}
              mode={mode}
              canEdit={info.data?.canEditGroups === 1}
              selected={selected ?? sid}
              onSelect={setSelected}
              title={t('space.terminal.groups')}
            />
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title={<span translate="no">{group?.name ?? ''}</span>}>
              <Row gutter={16}>
                <Col span={12}>
                  <Statistic
                    title={t('space.terminal.devices')}
                    value={group?.deviceNum ?? 0}
                    valueRender={(node) => <span data-testid="terminal-space-devices">{node}</span>}
                  />
                </Col>
                <Col span={12}>
                  <Statistic title={t('space.terminal.subGroups')} value={group?.children.length ?? 0} />
                </Col>
              </Row>
            </Card>
          </Col>
        </Row>
      )}
    </Card>
  );
}
