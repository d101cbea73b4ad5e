import CheckOutlined from '@ant-design/icons/CheckOutlined';
import type { AppItem, AppVersionItem } from '@keel/contract/endpoints/app-store';
import type { DeviceModelItem } from '@keel/contract/endpoints/device-catalogue';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteObject } from '../../../shared/admin-kit/route-object';
import { useAccessibleTableScroll } from '../../../shared/admin-kit/table-a11y';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf, useSearchRecord } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { SearchSelect } from '../../../shared/pickers/SearchSelect';
import { useDebounced } from '../../../shared/pickers/use-debounced';
import {
  APP_READS,
  APP_SEARCH,
  byMode,
  CHOOSE_COMPATIBLE_DIALOG,
  COMPATIBLE_DIALOG,
  type Mode,
  useAppStoreMode,
} from '../api';
import { type ModelRef, versionEditable, versionResaveInput } from '../model';
import { appListQuery, useApp, useVersion, useVersions } from '../queries';

const MODEL_PAGE_SIZE = 10;
/**
 * A dialog route's dialog is drawn over the page's versions drawer, which its route opens too (`?appId=`) and which
 * may open after the dialog (antd stacks siblings in the order they open).
 */
const ROUTE_Z = 1100;

/** "App 1.2.0": what a version is called in a dialog's title. */
function versionTitle(app: AppItem | undefined, version: AppVersionItem) {
  return `${app?.activeLanguage.appName || version.packageName} ${version.versionName}`;
}

/**
 * `ChooseCompatibleDeviceDlg`: picks the device models a version runs on from the property's device catalogue
 * (`dm/getDeviceModelList`, searched by name, paged), keeping what was picked on other pages and searches; none
 * picked means every model. Every developer may read the catalogue (the call admits `appService.appInfo`).
 */
export function ChooseCompatibleDeviceDialog({
  title,
  value,
  onOk,
  onClose,
  zIndex,
}: {
  title?: ReactNode;
  value: readonly ModelRef[];
  /** The models picked; resolves `false` to keep the dialog open (a save refused). */
  onOk: (models: ModelRef[]) => boolean | Promise<boolean>;
  onClose: () => void;
  /** Above the page's versions drawer, for the dialog's route (the drawer may open after it). */
  zIndex?: number;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState(() => new Map(value.map((m) => [m.modelId, m.name])));
  const [text, setText] = useState('');
  const str = useDebounced(text.trim(), 300);
  const [pageNum, setPageNum] = useState(1);
  const [busy, setBusy] = useState(false);
  const frame = useAccessibleTableScroll(t('kit.tableRegion'));
  const models = useQuery({
    ...apiQuery('dm/getDeviceModelList', { pageNum, pageSize: MODEL_PAGE_SIZE, ...(str ? { str } : {}) }),
    placeholderData: keepPreviousData,
  });

  const ok = async () => {
    setBusy(true);
    try {
      const done = await onOk([...picked].map(([modelId, name]) => ({ modelId, name })));
      if (done) onClose();
    } finally {
      setBusy(false);
    }
  };

  let body: ReactNode;
  if (models.isError) {
    body = (
      <Result
        status="error"
        title={t('kit.loadFailed')}
        subTitle={models.error.message}
        extra={<Button onClick={() => void models.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  } else {
    body = (
      <>
        <Input.Search
          allowClear
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setPageNum(1);
          }}
          placeholder={t('app-store.models.search')}
          aria-label={t('app-store.models.search')}
          data-testid="choose-models-search"
          style={{ marginBottom: 12 }}
        />
        <div ref={frame}>
          <Table<DeviceModelItem>
            size="small"
            rowKey="modelId"
            dataSource={models.data?.list ?? []}
            loading={models.isLoading || (models.isFetching && models.isPlaceholderData)}
            tableLayout="fixed"
            scroll={{ x: 460 }}
            rowSelection={{
              preserveSelectedRowKeys: true,
              selectedRowKeys: [...picked.keys()],
              onChange: (keys, rows) =>
                setPicked((before) => {
                  const next = new Map<string, string>();
                  for (const key of keys.map(String))
                    next.set(key, rows.find((r) => r?.modelId === key)?.name ?? before.get(key) ?? key);
                  return next;
                }),
              getCheckboxProps: (row) => ({
                'aria-label': t('app-store.models.pick', { name: row.name }),
                'data-testid': `choose-model-${row.name}`,
              }),
            }}
            columns={[
              {
                key: 'name',
                title: t('app-store.models.name'),
                render: (_: unknown, r: DeviceModelItem) => <span translate="no">{r.name}</span>,
              },
              {
                key: 'type',
                title: t('app-store.models.type'),
                width: 130,
                render: (_: unknown, r: DeviceModelItem) => <span translate="no">{r.typeName ?? '—'}</span>,
              },
              {
                key: 'platform',
                title: t('app-store.models.platform'),
                width: 130,
                render: (_: unknown, r: DeviceModelItem) => <span translate="no">{r.platformName ?? '—'}</span>,
              },
            ]}
            locale={{
              emptyText: models.isLoading ? (
                <Skeleton active title={false} paragraph={{ rows: 3 }} />
              ) : (
                <Empty description={str ? t('app-store.models.noMatch') : t('app-store.models.none')} />
              ),
            }}
            pagination={{
              current: pageNum,
              pageSize: MODEL_PAGE_SIZE,
              total: models.data?.total ?? 0,
              size: 'small',
              showSizeChanger: false,
              hideOnSinglePage: true,
              onChange: setPageNum,
            }}
          />
        </div>
      </>
    );
  }

  return (
    <Modal
      open
      title={title ?? t('app-store.models.chooseTitle')}
      width={680}
      zIndex={zIndex}
      onCancel={onClose}
      onOk={() => void ok()}
      okText={t('kit.ok')}
      cancelText={t('kit.cancel')}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="choose-models-dialog"
      okButtonProps={{ 'data-testid': 'choose-models-ok' } as never}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('app-store.models.chooseHelp')}
      </Typography.Paragraph>
      <div className="k-model-tags" data-testid="choose-models-picked">
        {picked.size === 0 ? (
          <Tag>{t('app-store.models.all')}</Tag>
        ) : (
          <>
            {[...picked].map(([modelId, name]) => (
              <Tag
                key={modelId}
                closable
                closeIcon
                onClose={() =>
                  setPicked((before) => {
                    const next = new Map(before);
                    next.delete(modelId);
                    return next;
                  })
                }
                data-testid={`picked-model-${name}`}
              >
                <span translate="no">{name}</span>
              </Tag>
            ))}
            <Button size="small" type="link" onClick={() => setPicked(new Map())} data-testid="choose-models-clear">
              {t('app-store.models.clear')}
            </Button>
          </>
        )}
      </div>
      {body}
    </Modal>
  );
}

/**
 * `CompatibleDeviceDlg`: the device models a version is compatible with (none named: every model). `onChoose`, where
 * the version may still change, opens the chooser; `notice` says why it may not.
 */
export function CompatibleDeviceDialog({
  app,
  version,
  onClose,
  onChoose,
  notice,
}: {
  app?: AppItem;
  version: AppVersionItem;
  onClose: () => void;
  onChoose?: () => void;
  notice?: ReactNode;
}) {
  const { t } = useTranslation();
  const models = version.compatibleDeviceList;
  return (
    <Modal
      open
      title={
        <>
          {t('app-store.models.viewTitle')}
          <span translate="no"> · {versionTitle(app, version)}</span>
        </>
      }
      onCancel={onClose}
      zIndex={ROUTE_Z}
      destroyOnHidden
      data-testid="compatible-models-dialog"
      footer={
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'flex-end' }}>
          {onChoose && (
            <Button onClick={onChoose} data-testid="compatible-models-choose">
              {t('app-store.models.change')}
            </Button>
          )}
          <Button type="primary" onClick={onClose} data-testid="compatible-models-close">
            {t('app-store.models.close')}
          </Button>
        </div>
      }
    >
      {notice && <div style={{ marginBottom: 12 }}>{notice}</div>}
      {models.length === 0 ? (
        <Result
          icon={<CheckOutlined />}
          title={t('app-store.models.all')}
          subTitle={t('app-store.models.allHelp')}
          data-testid="compatible-models-all"
        />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {t('app-store.models.count', { count: models.length })}
          </Typography.Paragraph>
          <ul className="k-model-tags" style={{ listStyle: 'none', padding: 0 }} data-testid="compatible-models-list">
            {models.map((m) => (
              <li key={m.modelId}>
                <Tag data-testid={`compatible-model-${m.name}`}>
                  <span translate="no">{m.name}</span>
                </Tag>
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}

/**
 * Without `?appId=&appVersionId=`: asks which version a dialog route is about (an app of the list, then one of its
 * versions), and opens the route for it.
 */
function AskVersionDialog({
  mode,
  title,
  then,
  onClose,
}: {
  mode: Mode;
  title: ReactNode;
  then: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearchRecord();
  const named = useSearchOf(APP_SEARCH);
  const [appId, setAppId] = useState<string | undefined>(named.appId);
  const [appVersionId, setAppVersionId] = useState<string | undefined>();
  const versions = useVersions(mode, appId, 1, 100);
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      zIndex={ROUTE_Z}
      destroyOnHidden
      data-testid="ask-version-dialog"
      footer={
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('kit.cancel')}</Button>
          <Button
            type="primary"
            disabled={!appId || !appVersionId}
            data-testid="ask-version-open"
            onClick={() =>
              void navigate({ to: then as never, search: { ...search, appId, appVersionId } as never, replace: true })
            }
          >
            {t('app-store.ask.open')}
          </Button>
        </div>
      }
    >
      <Typography.Paragraph type="secondary">{t('app-store.ask.help')}</Typography.Paragraph>
      <Form layout="vertical" name="askVersion">
        <Form.Item label={t('app-store.ask.app')} htmlFor="ask-version-app">
          <SearchSelect
            id="ask-version-app"
            testId="ask-version-app"
            style={{ width: '100%' }}
            query={(str) => appListQuery(mode, { pageNum: 1, pageSize: 20, ...(str ? { str } : {}) })}
            option={(a) => ({ value: a.appId, label: `${a.activeLanguage.appName} (${a.packageName})` })}
            value={appId}
            onChange={(v) => {
              setAppId(v);
              setAppVersionId(undefined);
            }}
            placeholder={t('app-store.ask.appPlaceholder')}
            emptyText={t('app-store.ask.noApps')}
          />
        </Form.Item>
        <Form.Item label={t('app-store.ask.version')} htmlFor="ask-version-version">
          <Select
            id="ask-version-version"
            data-testid="ask-version-version"
            disabled={!appId}
            loading={versions.isFetching}
            value={appVersionId}
            onChange={setAppVersionId}
            placeholder={appId ? t('app-store.ask.versionPlaceholder') : t('app-store.ask.appFirst')}
            notFoundContent={t('app-store.ask.noVersions')}
            options={(versions.data?.list ?? []).map((v) => ({
              value: v.appVersionId,
              label: `${v.versionName} (${v.versionCode})`,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The app and version `?appId=&appVersionId=` name, fetched before the dialog opens (a gone one closes it). */
function useRouteVersion(mode: Mode, onClose: () => void) {
  const { t } = useTranslation();
  const { appId, appVersionId } = useSearchOf(APP_SEARCH);
  const named = appId !== undefined && appVersionId !== undefined;
  const app = useApp(mode, named ? appId : undefined);
  const query = useVersion(mode, appId, appVersionId);
  const version = useRouteObject(query, named, t('app-store.version.gone'), onClose);
  return { named, app: app.data, version };
}

/** `/AppService/appstore/CompatibleDeviceDlg?appId=&appVersionId=`: a version's compatible models. */
export function CompatibleDeviceRouteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const mode = useAppStoreMode();
  const navigate = useNavigate();
  const search = useSearchRecord();
  const { named, app, version } = useRouteVersion(mode, onClose);
  if (!named)
    return (
      <AskVersionDialog
        mode={mode}
        title={t('app-store.models.viewTitle')}
        then={COMPATIBLE_DIALOG}
        onClose={onClose}
      />
    );
  if (!version) return null;
  return (
    <CompatibleDeviceDialog
      app={app}
      version={version}
      onClose={onClose}
      onChoose={
        versionEditable(version)
          ? () => void navigate({ to: CHOOSE_COMPATIBLE_DIALOG as never, search: search as never, replace: true })
          : undefined
      }
    />
  );
}

/**
 * `/AppService/appstore/ChooseCompatibleDeviceDlg?appId=&appVersionId=`: changes a draft or rejected version's
 * compatible models (saved as a draft); a version under review or passed shows its models with the reason it keeps
 * them.
 */
export function ChooseCompatibleDeviceRouteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const mode = useAppStoreMode();
  const { named, app, version } = useRouteVersion(mode, onClose);
  const save = useApiMutation(byMode('av/saveAppVerInfo', mode), {
    invalidates: APP_READS,
    success: (d) => t('app-store.models.saved', { name: versionTitle(app, d) }),
  });
  if (!named)
    return (
      <AskVersionDialog
        mode={mode}
        title={t('app-store.models.chooseTitle')}
        then={CHOOSE_COMPATIBLE_DIALOG}
        onClose={onClose}
      />
    );
  if (!version) return null;
  if (!versionEditable(version))
    return (
      <CompatibleDeviceDialog
        app={app}
        version={version}
        onClose={onClose}
        notice={
          <Alert type="warning" showIcon title={t('app-store.models.locked')} data-testid="choose-models-locked" />
        }
      />
    );
  return (
    <ChooseCompatibleDeviceDialog
      title={
        <>
          {t('app-store.models.chooseTitle')}
          <span translate="no"> · {versionTitle(app, version)}</span>
        </>
      }
      value={version.compatibleDeviceList}
      zIndex={ROUTE_Z}
      onOk={(models) => save(versionResaveInput(version, 0, models))}
      onClose={onClose}
    />
  );
}
