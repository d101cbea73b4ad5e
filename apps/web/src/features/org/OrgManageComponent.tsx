import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DragOutlined from '@ant-design/icons/DragOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import UserAddOutlined from '@ant-design/icons/UserAddOutlined';
import type { OrgNode } from '@keel/contract/endpoints/org';
import { orgEndpoints } from '@keel/contract/endpoints/org';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Empty from 'antd/es/empty';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../shared/admin-kit/ConfirmAction';
import { useSearchOf, useSearchRecord } from '../../shared/api/search-of';
import { useSession } from '../../shared/session/session-store';
import { toast } from '../../shared/toast/toast-store';
import { AddUserForOrgPropertyDialog } from './AddUserForOrgPropertyDialog';
import { indexTree, orgApi, orgQuery } from './api';
import { InviteDialog } from './MemberDialogs';
import { OrgMembers } from './OrgMembers';
import { OrgMoveDialog, OrgNodeDialog } from './OrgNodeDialogs';
import { OrgTreePanel } from './OrgTreePanel';

/** The selected node (`oid`, as the member list takes it). */
const ORG_SEARCH = orgEndpoints['o/getOrgUserList'].input.pick({ oid: true });

type Dialog = 'add' | 'rename' | 'move' | 'invite' | 'addUser' | null;

/**
 * `/Account/OrgManageComponent`: the organisation tree of the selected property and the members of the selected
 * node. With `pno` (the back office, operators) the same page for that property: every call goes without the
 * `pno` header and names the property in its input, and the operator may change everything. The selected node
 * (`oid`) lives in the URL next to the member table's page and filters.
 */
export function OrgManageComponent({ pno }: { pno?: string }) {
  const { t } = useTranslation();
  const platform = pno !== undefined;
  const selectedPno = useSession((s) => s.selectedPropertyPno);
  const menuIds = useSession((s) => s.menuIdList);
  const selfUid = useSession((s) => s.userInfo?.uid);
  const search = useSearchRecord();
  const { oid: oidParam } = useSearchOf(ORG_SEARCH);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);

  const treeQuery = useQuery({
    ...orgQuery(pno, 'o/getMyOrgTreeList', {}),
    enabled: platform || selectedPno !== null,
  });
  const tree = treeQuery.data ?? [];
  const byId = useMemo(() => indexTree(tree), [tree]);
  const node = (oidParam && byId.get(oidParam)) || tree[0];
  // Operators in the back office hold every organisation permission of the property they manage.
  const canEditTree = platform || menuIds.includes('account.property.org');
  const canManage = platform || menuIds.includes('account.property.member');

  const select = (oid: string) =>
    void navigate({
      to: '.',
      search: { ...search, oid, pageNum: undefined, str: undefined } as never,
      replace: true,
    });

  /** Its dialog route over the property page, for the selected unit; the back office has none, so a local one. */
  const addUser = () => {
    if (platform) setDialog('addUser');
    else void navigate({ to: '/Account/AddUserForOrgPropertyDlg', search: { ...search, oid: node?.oid } as never });
  };

  const remove = async (target: OrgNode) => {
    try {
      await orgApi(pno, 'o/delOrgTree', { oid: target.oid });
      toast.success(t('org.node.deleted', { name: target.name }));
      if (target.pid) select(target.pid);
      await queryClient.invalidateQueries();
    } catch {
      // the server says what blocks the delete; the client shows it
    }
  };

  if (!platform && !selectedPno) return <Empty description={t('org.noProperty')} data-testid="org-manage" />;
  if (treeQuery.isLoading)
    return (
      <Card data-testid="org-manage">
        <Skeleton active />
      </Card>
    );
  if (treeQuery.isError)
    return (
      <Card data-testid="org-manage">
        <Alert
          type="error"
          showIcon
          title={t('kit.loadFailed')}
          description={treeQuery.error.message}
          action={<Button onClick={() => void treeQuery.refetch()}>{t('kit.retry')}</Button>}
        />
      </Card>
    );
  if (!node) return <Empty description={t('org.tree.empty')} data-testid="org-manage" />;

  const isRoot = node.isRoot === 1;
  return (
    <Row gutter={[16, 16]} data-testid="org-manage">
      <Col xs={24} lg={8} xl={7}>
        <Card
          title={t('org.tree.title')}
          size="small"
          extra={
            canEditTree && (
              <Space size={4} wrap>
                <Tooltip title={t('org.node.add')}>
                  <Button size="small" icon={<PlusOutlined />} data-testid="org-add" onClick={() => setDialog('add')}>
                    {t('org.node.addShort')}
                  </Button>
                </Tooltip>
                <Tooltip title={isRoot ? t('org.node.rootFixed') : t('org.node.rename')}>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('org.node.rename')}
                    data-testid="org-rename"
                    disabled={isRoot}
                    onClick={() => setDialog('rename')}
                  />
                </Tooltip>
                <Tooltip title={isRoot ? t('org.node.rootFixed') : t('org.node.move')}>
                  <Button
                    size="small"
                    icon={<DragOutlined />}
                    aria-label={t('org.node.move')}
                    data-testid="org-move"
                    disabled={isRoot}
                    onClick={() => setDialog('move')}
                  />
                </Tooltip>
                <ConfirmAction
                  title={t('org.node.deleteConfirm', { name: node.name })}
                  description={t('org.node.deleteHelp')}
                  onConfirm={() => remove(node)}
                  buttonProps={
                    {
                      size: 'small',
                      icon: <DeleteOutlined />,
                      disabled: isRoot,
                      'aria-label': t('org.node.delete'),
                      'data-testid': 'org-delete',
                    } as never
                  }
                >
                  {null}
                </ConfirmAction>
              </Space>
            )
          }
        >
          <OrgTreePanel tree={tree} byId={byId} selected={node.oid} onSelect={select} />
        </Card>
      </Col>
      <Col xs={24} lg={16} xl={17}>
        <Card
          size="small"
          data-testid="org-members"
          title={
            <span>
              {t('org.member.title', { name: node.name })}
              <Typography.Text type="secondary" style={{ marginLeft: 8, fontWeight: 'normal', fontSize: 12 }}>
                {t('org.member.counts', { direct: node.userNum, total: node.totalUserNum })}
              </Typography.Text>
            </span>
          }
          extra={
            canManage && (
              <Space size={4} wrap>
                <Button
                  size="small"
                  icon={<MailOutlined />}
                  data-testid="org-invite"
                  onClick={() => setDialog('invite')}
                >
                  {t('org.invite.open')}
                </Button>
                <Button
                  size="small"
                  type="primary"
                  icon={<UserAddOutlined />}
                  data-testid="org-add-user"
                  onClick={addUser}
                >
                  {t('org.addUser.open')}
                </Button>
              </Space>
            )
          }
        >
          <OrgMembers
            key={node.oid}
            node={node}
            canManage={canManage}
            selfUid={selfUid}
            pno={pno}
            tree={platform ? tree : undefined}
          />
        </Card>
      </Col>
      {canEditTree && (
        <>
          <OrgNodeDialog open={dialog === 'add'} onClose={() => setDialog(null)} parent={node} pno={pno} />
          <OrgNodeDialog open={dialog === 'rename'} onClose={() => setDialog(null)} node={node} pno={pno} />
          <OrgMoveDialog open={dialog === 'move'} onClose={() => setDialog(null)} node={node} tree={tree} pno={pno} />
        </>
      )}
      {canManage && (
        <>
          <InviteDialog
            open={dialog === 'invite'}
            onClose={() => setDialog(null)}
            oid={node.oid}
            pno={pno}
            tree={platform ? tree : undefined}
          />
          <AddUserForOrgPropertyDialog
            open={platform && dialog === 'addUser'}
            onClose={() => setDialog(null)}
            oid={node.oid}
            pno={pno}
            tree={platform ? tree : undefined}
          />
        </>
      )}
    </Row>
  );
}
