import CheckOutlined from '@ant-design/icons/CheckOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { PlatformAppItem } from '@keel/contract/endpoints/app-platform';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccessibleTableScroll } from '../../../shared/admin-kit/table-a11y';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { useDebounced } from '../../../shared/pickers/use-debounced';
import { AppCell } from '../../../shared/ui/AppCell';
import { PLATFORM_READS, platformListQuery } from '../api';
import '../app-platform.css';

const PAGE_SIZE = 8;

/** The add button of a candidate, or a mark when it is a platform app already. */
function AddButton({ app }: { app: PlatformAppItem }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const add = useApiMutation('platform/addPlatformApp', {
    scope: 'platform',
    invalidates: PLATFORM_READS,
    success: () => t('app-platform.added', { name: app.appName }),
  });
  if (app.isPlatform === 1)
    return (
      <Tag icon={<CheckOutlined />} color="green" data-testid={`plat-candidate-added-${app.packageName}`}>
        {t('app-platform.already')}
      </Tag>
    );
  return (
    <Button
      size="small"
      type="primary"
      icon={<PlusOutlined />}
      loading={busy}
      data-testid={`plat-candidate-add-${app.packageName}`}
      title={t('app-platform.addOne', { name: app.appName })}
      onClick={async () => {
        setBusy(true);
        try {
          await add({ appId: app.appId });
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('app-platform.addShort')}
    </Button>
  );
}

/**
 * `AddPlatformAppDlg`: the operator picks apps to offer every property among the apps on the shelf of every property
 * (`platform/getPlatformAppList` with `candidates`), searched by name or package, paged; each is added at once, and
 * those already platform apps are marked.
 */
export function AddPlatformAppDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const str = useDebounced(text.trim(), 300);
  const [pageNum, setPageNum] = useState(1);
  const frame = useAccessibleTableScroll(t('kit.tableRegion'));
  const candidates = useQuery({
    ...platformListQuery({ candidates: 1, pageNum, pageSize: PAGE_SIZE, ...(str ? { str } : {}) }, true),
    placeholderData: keepPreviousData,
  });

  let body: ReactNode;
  if (candidates.isError) {
    body = (
      <Result
        status="error"
        title={t('kit.loadFailed')}
        subTitle={candidates.error.message}
        extra={<Button onClick={() => void candidates.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  } else {
    body = (
      <div ref={frame}>
        <Table<PlatformAppItem>
          size="small"
          rowKey="appId"
          dataSource={candidates.data?.list ?? []}
          loading={candidates.isLoading || (candidates.isFetching && candidates.isPlaceholderData)}
          tableLayout="fixed"
          scroll={{ x: 560 }}
          locale={{ emptyText: str ? t('app-platform.noMatch') : t('app-platform.noCandidates') }}
          pagination={{
            current: pageNum,
            pageSize: PAGE_SIZE,
            total: candidates.data?.total ?? 0,
            showSizeChanger: false,
            size: 'small',
            onChange: setPageNum,
          }}
          columns={[
            {
              key: 'app',
              title: t('app-platform.app'),
              width: 240,
              render: (_: unknown, row) => (
                <AppCell
                  name={row.appName}
                  packageName={row.packageName}
                  iconUrl={row.iconUrl}
                  testId={`plat-candidate-${row.packageName}`}
                />
              ),
            },
            {
              key: 'property',
              title: t('app-platform.property'),
              width: 140,
              ellipsis: true,
              render: (_: unknown, row) => <span translate="no">{row.propertyName}</span>,
            },
            { key: 'version', title: t('app-platform.version'), width: 90, dataIndex: 'versionName', ellipsis: true },
            {
              key: 'action',
              title: t('common.actions'),
              width: 110,
              render: (_: unknown, row) => <AddButton app={row} />,
            },
          ]}
        />
      </div>
    );
  }

  return (
    <Modal
      open
      title={t('app-platform.addTitle')}
      width={760}
      onCancel={onClose}
      destroyOnHidden
      data-testid="plat-add-dialog"
      footer={
        <Button type="primary" onClick={onClose} data-testid="plat-add-close">
          {t('app-platform.close')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('app-platform.addHelp')}
      </Typography.Paragraph>
      <Input.Search
        allowClear
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setPageNum(1);
        }}
        placeholder={t('app-platform.search')}
        aria-label={t('app-platform.search')}
        data-testid="plat-candidate-search"
        style={{ marginBottom: 12 }}
      />
      {body}
    </Modal>
  );
}
