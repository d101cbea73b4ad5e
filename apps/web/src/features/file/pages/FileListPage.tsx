import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { SPACE_LIST_PAGE_SIZE } from '@keel/contract/constants';
import { type FileItem, fileEndpoints } from '@keel/contract/endpoints/file';
import type { SpaceGroupNode, SpaceItem } from '@keel/contract/endpoints/space';
import { SPACE_PERMISSIONS } from '@keel/contract/endpoints/space';
import { formatFileSize } from '@keel/contract/format';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Empty from 'antd/es/empty';
import Progress from 'antd/es/progress';
import Result from 'antd/es/result';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import type { ColumnSpec } from '../../../shared/admin-kit/DataTable';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { TreePanel } from '../../../shared/admin-kit/TreePanel';
import type { TreeItem } from '../../../shared/admin-kit/tree-filter';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf, useSearchUpdate } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { useSession } from '../../../shared/session/session-store';
import { UploadDialog } from '../../../shared/upload/UploadDialog';
import { downloadFile, FILE_LISTS } from '../api';
import { RenameFileDialog } from '../dialogs/RenameFileDialog';

const LIST = fileEndpoints['fis/fi/getMyFileList'].input;
const SEARCH = LIST.pick({ sid: true, groupId: true, str: true });

const toItems = (nodes: readonly SpaceGroupNode[]): TreeItem[] =>
  nodes.map((n) => ({ key: n.groupId, title: n.name, children: toItems(n.children) }));

function indexGroups(nodes: readonly SpaceGroupNode[], into = new Map<string, SpaceGroupNode>()) {
  for (const n of nodes) {
    into.set(n.groupId, n);
    indexGroups(n.children, into);
  }
  return into;
}

/** The spaces the member reaches: their own, and with the management right those of the property in their scope. */
function useSpaces() {
  const ids = useSession((s) => s.menuIdList);
  const owner = useSession((s) => s.selectedProperty?.role === 'owner');
  const manage = owner || ids.includes(SPACE_PERMISSIONS.view);
  const page = { pageNum: 1, pageSize: SPACE_LIST_PAGE_SIZE };
  const mine = useQuery(apiQuery('space/getMySpaceList', page));
  const all = useQuery({ ...apiQuery('space/getAllSpaceList', page), enabled: manage });
  const spaces = useMemo(() => {
    const out = new Map<string, SpaceItem>();
    for (const s of [...(mine.data?.list ?? []), ...(all.data?.list ?? [])]) out.set(s.sid, s);
    return [...out.values()];
  }, [mine.data, all.data]);
  return {
    spaces,
    isLoading: mine.isLoading || (manage && all.isLoading),
    isError: mine.isError,
    refetch: () => void mine.refetch(),
    canWriteAny: owner || ids.includes(SPACE_PERMISSIONS.group),
  };
}

/** The space's group tree as a filter of the list (the root is the whole space). */
function GroupFilter({ sid, selected, onSelect }: { sid: string; selected?: string; onSelect: (k: string) => void }) {
  const { t } = useTranslation();
  const tree = useQuery(apiQuery('sg/getGroupTree', { sid, includeDeviceNum: 0 }));
  const nodes = tree.data ?? [];
  const byId = useMemo(() => indexGroups(nodes), [nodes]);
  const items = useMemo(() => toItems(nodes), [nodes]);
  if (tree.isLoading) return <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  if (tree.isError)
    return (
      <Result
        status="error"
        title={t('kit.loadFailed')}
        extra={<Button onClick={() => void tree.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  return (
    <TreePanel
      nodes={items}
      selectedKey={selected ?? sid}
      onSelect={onSelect}
      testId="file-group-tree"
      searchLabel={t('file.list.groups')}
      ancestorsOf={(key) => {
        const out: string[] = [];
        for (let pid = byId.get(key)?.pid; pid; pid = byId.get(pid)?.pid) out.push(pid);
        return out;
      }}
      size={byId.size}
      lines
    />
  );
}

/** Use against quota of the chosen space. */
function Usage({ space }: { space: SpaceItem }) {
  const { t } = useTranslation();
  const used = space.usedBytes + space.reservedBytes;
  const percent = space.quotaBytes > 0 ? Math.min(100, Math.round((used / space.quotaBytes) * 1000) / 10) : 100;
  const text = `${formatFileSize(space.usedBytes)} / ${formatFileSize(space.quotaBytes)}`;
  return (
    <div data-testid="file-space-usage" style={{ minWidth: 160 }}>
      <Typography.Text type="secondary">{t('file.list.usage')}</Typography.Text>
      <Progress percent={percent} size="small" showInfo={false} aria-label={`${t('file.list.usage')}: ${text}`} />
      <Typography.Text data-testid="file-space-used">{text}</Typography.Text>
    </div>
  );
}

/**
 * `/Tis/File/FileListPage`: the files of a space the member reaches (`?sid=`), filtered by a group of its tree
 * (`?groupId=`) and a name; upload (resumable, with progress, pause and resume), download, rename and delete.
 */
export function FileListPage() {
  const { t } = useTranslation();
  const pno = useSession((s) => s.selectedPropertyPno);
  const uid = useSession((s) => s.userInfo?.uid);
  const search = useSearchOf(SEARCH);
  const update = useSearchUpdate();
  const spaces = useSpaces();
  const [uploading, setUploading] = useState(false);
  const [renaming, setRenaming] = useState<FileItem | null>(null);
  const sid = search.sid ?? spaces.spaces[0]?.sid;
  const space = spaces.spaces.find((s) => s.sid === sid);
  const groupId = search.groupId && search.groupId !== sid ? search.groupId : undefined;
  const tree = useQuery({ ...apiQuery('sg/getGroupTree', { sid: sid ?? '', includeDeviceNum: 0 }), enabled: !!sid });
  const groupName = groupId ? indexGroups(tree.data ?? []).get(groupId)?.name : undefined;
  const canWrite = !!space && (space.uid === uid || spaces.canWriteAny);
  const deleting = useRef('');
  const remove = useApiMutation('fis/fi/deleteFile', {
    invalidates: FILE_LISTS,
    success: () => t('file.actions.deleted', { name: deleting.current }),
  });

  const columns: ColumnSpec<FileItem>[] = [
    {
      // The name column is also the search box (`str`).
      key: 'str',
      title: t('file.columns.name'),
      filter: true,
      render: (f) => (
        <Typography.Text data-testid={`file-row-${f.name}`} translate="no" style={{ wordBreak: 'break-all' }}>
          {f.name}
        </Typography.Text>
      ),
    },
    { key: 'size', title: t('file.columns.size'), width: 110, render: (f) => formatFileSize(f.size) },
    { key: 'uploaderName', title: t('file.columns.uploader'), width: 130, hidden: true },
    { key: 'createTime', title: t('file.columns.time'), width: 170, render: (f) => formatTime(f.createTime) },
    {
      key: 'action',
      title: t('common.actions'),
      width: canWrite ? 260 : 110,
      wrap: true,
      render: (f) => (
        <Space size={4} wrap>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            data-testid={`file-download-${f.name}`}
            onClick={() => void downloadFile(f.fid)}
          >
            {t('file.actions.download')}
          </Button>
          {canWrite && (
            <Button
              size="small"
              icon={<EditOutlined />}
              data-testid={`file-rename-${f.name}`}
              onClick={() => setRenaming(f)}
            >
              {t('file.actions.rename')}
            </Button>
          )}
          {canWrite && (
            <ConfirmAction
              title={t('file.actions.deleteConfirm', { name: f.name })}
              description={t('file.actions.deleteHelp')}
              onConfirm={() => {
                deleting.current = f.name;
                return remove({ fidList: [f.fid] });
              }}
              buttonProps={{ size: 'small', icon: <DeleteOutlined />, 'data-testid': `file-delete-${f.name}` } as never}
            >
              {t('file.actions.delete')}
            </ConfirmAction>
          )}
        </Space>
      ),
    },
  ];

  const resource = defineResource<FileItem>()({
    rowKey: 'fid',
    tableTestId: 'file-table',
    testId: 'file-list',
    list: {
      path: 'fis/fi/getMyFileList',
      schema: LIST,
      input: (s) => ({ ...s, sid, groupId }),
    },
    columns,
    toolbar: <Space wrap>{space && <Usage space={space} />}</Space>,
  });

  let body: React.ReactNode;
  if (!pno) body = <Empty description={t('space.noProperty')} />;
  else if (spaces.isLoading) body = <Skeleton active paragraph={{ rows: 6 }} title={false} />;
  else if (spaces.isError)
    body = (
      <Result
        status="error"
        title={t('file.list.spacesError')}
        extra={<Button onClick={spaces.refetch}>{t('kit.retry')}</Button>}
      />
    );
  else if (spaces.spaces.length === 0) body = <Empty description={t('file.list.noSpace')} />;
  else if (!sid || !space) body = <Empty description={t('file.list.chooseSpace')} />;
  else
    body = (
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8} lg={6}>
          <Card size="small" title={t('file.list.groups')}>
            <GroupFilter
              sid={sid}
              selected={groupId}
              onSelect={(key) => update({ groupId: key === sid ? undefined : key, pageNum: undefined })}
            />
          </Card>
        </Col>
        <Col xs={24} md={16} lg={18}>
          <ResourcePage resource={resource} />
        </Col>
      </Row>
    );

  return (
    <Card
      title={t('file.list.title')}
      data-testid="file-list-page"
      extra={
        spaces.spaces.length > 0 && (
          <Space size={8} wrap>
            <Select
              data-testid="file-space-select"
              aria-label={t('file.list.space')}
              style={{ minWidth: 180, maxWidth: '100%' }}
              placeholder={t('file.list.spacePlaceholder')}
              value={sid}
              showSearch
              optionFilterProp="label"
              options={spaces.spaces.map((s) => ({ value: s.sid, label: s.name }))}
              onChange={(v) => update({ sid: v, groupId: undefined, pageNum: undefined, str: undefined })}
            />
            {canWrite && (
              <Button
                type="primary"
                icon={<UploadOutlined />}
                data-testid="file-upload-open"
                onClick={() => setUploading(true)}
              >
                {t('file.actions.upload')}
              </Button>
            )}
          </Space>
        )
      }
    >
      {body}
      {space && (
        <UploadDialog
          invalidate={FILE_LISTS}
          key={`${space.sid}:${groupId ?? ''}`}
          open={uploading}
          sid={space.sid}
          spaceName={space.name}
          groupId={groupId}
          groupName={groupName}
          onClose={() => setUploading(false)}
        />
      )}
      <RenameFileDialog file={renaming} onClose={() => setRenaming(null)} />
    </Card>
  );
}
