import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { SPACE_LIST_PAGE_SIZE } from '@keel/contract/constants';
import { SW_TYPES, type SwInfo } from '@keel/contract/endpoints/firmware';
import { id as idSchema } from '@keel/contract/envelope';
import { formatFileSize } from '@keel/contract/format';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import List from 'antd/es/list';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useRouteObject } from '../../../shared/admin-kit/route-object';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { UploadDialog } from '../../../shared/upload/UploadDialog';
import { PACKAGE_LISTS } from '../api';

interface Values {
  sid?: string;
  swType?: string;
  name?: string;
  version?: string;
  modelIdList?: string[];
  notesZh?: string;
  notesEn?: string;
}

interface PickedFile {
  fid: string;
  name: string;
  size: number;
}

const ID_SEARCH = z.object({ id: idSchema() }).partial();

/** The form of a package, new (`row` absent) or existing. */
function PackageForm({ row, onClose }: { row?: SwInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<PickedFile[]>(
    row ? row.files.map((f) => ({ fid: f.fid, name: f.name, size: f.size })) : [],
  );
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const sid = Form.useWatch('sid', form) ?? row?.sid;
  const spaces = useQuery(apiQuery('space/getAllSpaceList', { pageNum: 1, pageSize: SPACE_LIST_PAGE_SIZE }));
  const models = useQuery(apiQuery('dm/getDeviceModelList', { pageNum: 1, pageSize: 100 }));
  const spaceFiles = useQuery({
    ...apiQuery('fis/fi/getMyFileList', { pageNum: 1, pageSize: 100, sid }),
    enabled: !!sid,
  });
  const locked = row?.published === 1;
  const add = useApiMutation('sw/addSw', {
    invalidates: PACKAGE_LISTS,
    success: (_d, i) => t('firmware.sw.saved', { name: `${i.name} ${i.version}` }),
  });
  const edit = useApiMutation('sw/editSw', {
    invalidates: PACKAGE_LISTS,
    success: (d) => t('firmware.sw.saved', { name: `${d.name} ${d.version}` }),
  });

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    if (files.length === 0) {
      form.setFields([{ name: 'sid', errors: [t('firmware.sw.filesRequired')] }]);
      return;
    }
    setSaving(true);
    const common = {
      name: v.name ?? '',
      modelIdList: v.modelIdList ?? [],
      platformIdList: row?.platforms.map((p) => p.id) ?? [],
      notesZh: v.notesZh ?? '',
      notesEn: v.notesEn ?? '',
    };
    const done = row
      ? await edit({
          id: row.id,
          ...common,
          ...(locked ? {} : { version: v.version, fidList: files.map((f) => f.fid) }),
        } as never)
      : await add({
          sid: v.sid as string,
          swType: v.swType as never,
          version: v.version as string,
          fidList: files.map((f) => f.fid),
          ...common,
        } as never);
    setSaving(false);
    if (done) onClose();
  };

  const spaceName = spaces.data?.list.find((s) => s.sid === sid)?.name ?? '';
  return (
    <Modal
      open
      title={row ? t('firmware.sw.editTitle', { name: `${row.name} ${row.version}` }) : t('firmware.sw.createTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'sw-dialog-ok' } as never}
      destroyOnHidden
    >
      <div data-testid="sw-dialog">
        <Form
          form={form}
          layout="vertical"
          initialValues={
            row
              ? {
                  sid: row.sid,
                  swType: row.swType,
                  name: row.name,
                  version: row.version,
                  modelIdList: row.models.map((m) => m.id),
                  notesZh: row.notesZh,
                  notesEn: row.notesEn,
                }
              : { swType: 'firmware' }
          }
        >
          <Form.Item
            name="sid"
            label={t('firmware.sw.space')}
            rules={[{ required: true, message: t('firmware.sw.spaceRequired') }]}
          >
            <Select
              disabled={!!row}
              data-testid="sw-space"
              showSearch
              optionFilterProp="label"
              loading={spaces.isLoading}
              options={(spaces.data?.list ?? []).map((s) => ({ value: s.sid, label: s.name }))}
              onChange={() => setFiles([])}
            />
          </Form.Item>
          <Form.Item name="swType" label={t('firmware.sw.type')} rules={[{ required: true }]}>
            <Select
              disabled={!!row}
              data-testid="sw-type"
              options={SW_TYPES.map((v) => ({ value: v, label: t(`firmware.types.${v}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('firmware.sw.name')}
            rules={[{ required: true, whitespace: true, message: t('firmware.sw.nameRequired') }]}
          >
            <Input maxLength={100} data-testid="sw-name" />
          </Form.Item>
          <Form.Item
            name="version"
            label={t('firmware.sw.version')}
            extra={locked ? t('firmware.sw.lockedHelp') : t('firmware.sw.versionHelp')}
            rules={[
              {
                required: true,
                pattern: /^[0-9A-Za-z][0-9A-Za-z._+-]{0,63}$/,
                message: t('firmware.sw.versionInvalid'),
              },
            ]}
          >
            <Input disabled={locked} maxLength={64} data-testid="sw-version" translate="no" />
          </Form.Item>
          <Form.Item name="modelIdList" label={t('firmware.sw.models')} extra={t('firmware.sw.modelsHelp')}>
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              data-testid="sw-models"
              loading={models.isLoading}
              options={(models.data?.list ?? []).map((m) => ({ value: m.modelId, label: m.name }))}
            />
          </Form.Item>
          <Form.Item label={t('firmware.sw.files')} extra={t('firmware.sw.filesHelp')} required>
            <List
              size="small"
              bordered
              dataSource={files}
              locale={{ emptyText: t('firmware.sw.noFiles') }}
              renderItem={(f) => (
                <List.Item
                  data-testid={`sw-file-${f.name}`}
                  actions={
                    locked
                      ? []
                      : [
                          <Button
                            key="remove"
                            size="small"
                            icon={<DeleteOutlined />}
                            aria-label={t('firmware.sw.removeFile', { name: f.name })}
                            onClick={() => setFiles((l) => l.filter((x) => x.fid !== f.fid))}
                          />,
                        ]
                  }
                >
                  <Typography.Text ellipsis translate="no" style={{ minWidth: 0 }}>
                    {f.name} · {formatFileSize(f.size)}
                  </Typography.Text>
                </List.Item>
              )}
            />
            {!locked && (
              <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: 8 }}>
                <Button
                  icon={<UploadOutlined />}
                  disabled={!sid}
                  onClick={() => setUploading(true)}
                  data-testid="sw-upload"
                >
                  {t('firmware.sw.upload')}
                </Button>
                <Select
                  style={{ minWidth: 200, flex: 1 }}
                  disabled={!sid}
                  placeholder={t('firmware.sw.pickFile')}
                  data-testid="sw-pick-file"
                  showSearch
                  optionFilterProp="label"
                  value={null}
                  options={(spaceFiles.data?.list ?? [])
                    .filter((f) => !files.some((x) => x.fid === f.fid))
                    .map((f) => ({ value: f.fid, label: `${f.name} · ${formatFileSize(f.size)}` }))}
                  onChange={(fid: string) => {
                    const f = spaceFiles.data?.list.find((x) => x.fid === fid);
                    if (f) setFiles((l) => [...l, { fid: f.fid, name: f.name, size: f.size }]);
                  }}
                />
              </div>
            )}
          </Form.Item>
          <Form.Item name="notesZh" label={t('firmware.sw.notesZh')}>
            <Input.TextArea rows={3} maxLength={4000} showCount data-testid="sw-notes-zh" />
          </Form.Item>
          <Form.Item name="notesEn" label={t('firmware.sw.notesEn')}>
            <Input.TextArea rows={3} maxLength={4000} showCount data-testid="sw-notes-en" />
          </Form.Item>
        </Form>
        {uploading && sid && (
          <UploadDialog
            open
            sid={sid}
            spaceName={spaceName}
            invalidate={['fis/fi/getMyFileList']}
            onUploaded={(f) => setFiles((l) => [...l, f])}
            onClose={() => setUploading(false)}
          />
        )}
      </div>
    </Modal>
  );
}

/**
 * `/fota/NewFotaPackageDialog` and `/fota/AddEditFotaPackageDialog[?id=]`: a new package (its space, type, version,
 * fitting models, files uploaded with tus or picked from the space, release notes in both languages), or that one.
 */
export function PackageDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { id } = useSearchOf(ID_SEARCH);
  const query = useQuery({ ...apiQuery('sw/getSwInfo', { id: id ?? '' }), enabled: id !== undefined, retry: false });
  const row = useRouteObject(query, id !== undefined, t('firmware.sw.notFound'), onClose);
  if (id !== undefined && !row) return null;
  return <PackageForm row={row} onClose={onClose} />;
}
