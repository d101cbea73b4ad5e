import type { PickerDeviceItem } from '@keel/contract/endpoints/app-group';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Input from 'antd/es/input';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { PickTable } from '../../../shared/pickers/PickTable';
import { SearchSelect } from '../../../shared/pickers/SearchSelect';
import { useDebounced } from '../../../shared/pickers/use-debounced';

const PAGE_SIZE = 8;

/**
 * The devices of a group, picked from the property's (`device/getDeviceInfoList`): searched by serial, name or label
 * and filtered by model, paged; the picks of every page are kept. A device in another group shows that group and
 * cannot be picked (take it out there first); those of `groupId`, the group edited, can.
 */
export function DevicePicker({
  value = [],
  onChange,
  groupId,
}: {
  value?: string[];
  onChange?: (ids: string[]) => void;
  groupId?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const str = useDebounced(text.trim(), 300);
  const [modelId, setModelId] = useState<string | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const devices = useQuery({
    ...apiQuery('device/getDeviceInfoList', {
      pageNum,
      pageSize: PAGE_SIZE,
      ...(str ? { str } : {}),
      ...(modelId ? { modelId } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const elsewhere = (d: PickerDeviceItem) => d.appGroupId !== '' && d.appGroupId !== groupId;

  return (
    <div data-testid="grp-device-picker">
      <div className="k-grp-toolbar">
        <Input.Search
          allowClear
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setPageNum(1);
          }}
          placeholder={t('app-group.devices.search')}
          aria-label={t('app-group.devices.search')}
          data-testid="grp-device-search"
          style={{ flex: '1 1 200px', minWidth: 0 }}
        />
        <SearchSelect
          query={(s) => apiQuery('dm/getDeviceModelList', { pageNum: 1, pageSize: 20, ...(s ? { str: s } : {}) })}
          option={(m) => ({ value: m.modelId, label: m.name })}
          value={modelId}
          onChange={(v) => {
            setModelId(v);
            setPageNum(1);
          }}
          allowClear
          testId="grp-device-model"
          style={{ flex: '1 1 160px', minWidth: 0 }}
          placeholder={t('app-group.devices.allModels')}
          ariaLabel={t('app-group.devices.model')}
          emptyText={t('app-group.devices.noModels')}
        />
      </div>
      <Typography.Text type="secondary" data-testid="grp-device-count">
        {t('app-group.devices.picked', { count: value.length })}
      </Typography.Text>
      <PickTable<PickerDeviceItem>
        query={devices}
        rowKey="deviceId"
        scrollX={480}
        emptyText={str || modelId ? t('app-group.devices.noMatch') : t('app-group.devices.none')}
        value={value}
        onChange={onChange}
        checkbox={(d) => ({
          disabled: elsewhere(d),
          'aria-label': t('app-group.devices.pick', { name: d.name || d.deviceId }),
          'data-testid': `grp-device-pick-${d.deviceId}`,
        })}
        pageNum={pageNum}
        pageSize={PAGE_SIZE}
        onPage={setPageNum}
        columns={[
          {
            key: 'device',
            title: t('app-group.devices.device'),
            width: 200,
            render: (_: unknown, d) => (
              <div className="k-grp-name" data-testid={`grp-device-${d.deviceId}`}>
                <span translate="no">{d.name || d.deviceId}</span>
                <Typography.Text type="secondary" translate="no" style={{ fontSize: 12 }}>
                  {d.deviceId}
                </Typography.Text>
              </div>
            ),
          },
          {
            key: 'model',
            title: t('app-group.devices.model'),
            width: 120,
            ellipsis: true,
            render: (_: unknown, d) => <span translate="no">{d.modelName || '—'}</span>,
          },
          {
            key: 'group',
            title: t('app-group.devices.group'),
            width: 140,
            render: (_: unknown, d) =>
              d.appGroupId === '' ? (
                <Typography.Text type="secondary">{t('app-group.devices.wholeStore')}</Typography.Text>
              ) : (
                <Tag
                  color={elsewhere(d) ? 'orange' : 'blue'}
                  title={elsewhere(d) ? t('app-group.devices.elsewhere') : undefined}
                  style={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}
                >
                  <span translate="no">{d.appGroupName}</span>
                </Tag>
              ),
          },
        ]}
      />
    </div>
  );
}
