import { compareVersions } from '@keel/contract/endpoints/firmware';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { DELTA_LISTS } from '../api';

/**
 * `/fota/AddDiffPkgDialog`: generate the delta from one version to a newer one of the same type; it is made in the
 * background and shows its progress on the page.
 */
export function AddDiffPkgDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const packages = useQuery(apiQuery('sw/getSwList', { pageNum: 1, pageSize: 100 }));
  const [targetId, setTarget] = useState<string>();
  const [sourceId, setSource] = useState<string>();
  const [saving, setSaving] = useState(false);
  const list = packages.data?.list ?? [];
  const target = list.find((p) => p.id === targetId);
  const sources = target
    ? list.filter((p) => p.swType === target.swType && compareVersions(p.version, target.version) < 0)
    : [];
  const add = useApiMutation('dp/addSwDiffPack', {
    invalidates: DELTA_LISTS,
    success: (d) => t('firmware.diff.queued', { from: d.sourceVersion, to: d.targetVersion }),
  });
  const label = (p: (typeof list)[number]) => `${p.name} ${p.version} · ${t(`firmware.types.${p.swType}`)}`;
  return (
    <Modal
      open
      title={t('firmware.diff.createTitle')}
      onCancel={onClose}
      okText={t('firmware.diff.generate')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !sourceId || !targetId, 'data-testid': 'delta-dialog-ok' } as never}
      confirmLoading={saving}
      onOk={async () => {
        if (!sourceId || !targetId) return;
        setSaving(true);
        const done = await add({ sourceId, targetId });
        setSaving(false);
        if (done) onClose();
      }}
    >
      <div data-testid="delta-dialog">
        <Typography.Paragraph type="secondary">{t('firmware.diff.createHelp')}</Typography.Paragraph>
        <Form layout="vertical">
          <Form.Item label={t('firmware.diff.target')}>
            <Select
              data-testid="delta-target"
              aria-label={t('firmware.diff.target')}
              showSearch
              optionFilterProp="label"
              loading={packages.isLoading}
              options={list.map((p) => ({ value: p.id, label: label(p) }))}
              value={targetId}
              onChange={(v: string) => {
                setTarget(v);
                setSource(undefined);
              }}
            />
          </Form.Item>
          <Form.Item
            label={t('firmware.diff.source')}
            extra={target && sources.length === 0 ? t('firmware.diff.noSources') : undefined}
          >
            <Select
              data-testid="delta-source"
              aria-label={t('firmware.diff.source')}
              disabled={!target}
              options={sources.map((p) => ({ value: p.id, label: label(p) }))}
              value={sourceId}
              onChange={(v: string) => setSource(v)}
            />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
