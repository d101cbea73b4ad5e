import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { LOCALES } from '@keel/contract/constants';
import type { PlatformAppItem } from '@keel/contract/endpoints/app-platform';
import { useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { type ColumnSpec, DataTable } from '../../../shared/admin-kit/DataTable';
import { useSearchOf, useSearchRecord, useSearchUpdate } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { useSession } from '../../../shared/session/session-store';
import { AppCell } from '../../../shared/ui/AppCell';
import { ADD_PLATFORM_APP_DIALOG, LANGUAGE_SEARCH, PLATFORM_READS, platformListQuery, useIsOperator } from '../api';
import '../app-platform.css';

/** The operator's removal of a platform app, after a confirmation. */
function RemoveButton({ app }: { app: PlatformAppItem }) {
  const { t } = useTranslation();
  const remove = useApiMutation('platform/removePlatformApp', {
    scope: 'platform',
    invalidates: PLATFORM_READS,
    success: () => t('app-platform.removed', { name: app.appName }),
  });
  return (
    <ConfirmAction
      title={t('app-platform.removeConfirm', { name: app.appName })}
      description={t('app-platform.removeHelp')}
      onConfirm={() => remove({ appId: app.appId })}
      buttonProps={
        {
          size: 'small',
          icon: <DeleteOutlined />,
          'aria-label': t('app-platform.remove'),
          title: t('app-platform.remove'),
          'data-testid': `plat-remove-${app.packageName}`,
        } as never
      }
    >
      {null}
    </ConfirmAction>
  );
}

/**
 * `/AppService/plat/PlatAppPage`: the platform apps — apps the platform operator offers every property, which its
 * devices get from its F-Droid repository beside its own — each with its icon, name and package, the property it
 * comes from, the version on the shelf, and who added it when; searched by name or package, in a chosen listing
 * language. Operators add apps (AddPlatformAppDlg) and remove them.
 */
export function PlatAppPage() {
  const { t } = useTranslation();
  const operator = useIsOperator();
  const pno = useSession((s) => s.selectedPropertyPno);
  const navigate = useNavigate();
  const search = useSearchRecord();
  const update = useSearchUpdate();
  const { language } = useSearchOf(LANGUAGE_SEARCH);

  const columns: ColumnSpec<PlatformAppItem>[] = [
    {
      key: 'str',
      title: t('app-platform.app'),
      filter: true,
      wrap: true,
      width: 260,
      pinned: true,
      render: (row) => (
        <AppCell
          name={row.appName}
          packageName={row.packageName}
          iconUrl={row.iconUrl}
          testId={`plat-row-${row.packageName}`}
        />
      ),
    },
    {
      key: 'propertyName',
      title: t('app-platform.property'),
      width: 160,
      render: (row) => <span translate="no">{row.propertyName}</span>,
    },
    {
      key: 'versionName',
      title: t('app-platform.version'),
      width: 130,
      render: (row) => <span data-testid={`plat-version-${row.packageName}`}>{row.versionName}</span>,
    },
    {
      key: 'addedByName',
      title: t('app-platform.addedBy'),
      width: 130,
      render: (row) => <span translate="no">{row.addedByName}</span>,
    },
    { key: 'addTime', title: t('app-platform.addTime'), width: 160, time: true },
    {
      key: 'action',
      title: t('common.actions'),
      width: 90,
      wrap: true,
      hidden: !operator,
      render: (row) => <RemoveButton app={row} />,
    },
  ];

  const addButton = operator ? (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => void navigate({ to: ADD_PLATFORM_APP_DIALOG as never, search: search as never })}
      data-testid="plat-add"
    >
      {t('app-platform.add')}
    </Button>
  ) : null;

  return (
    <Card title={t('app-platform.title')} extra={addButton} data-testid="plat-app-page">
      {pno || operator ? (
        <>
          <div className="k-plat-toolbar">
            <Typography.Paragraph type="secondary">
              {operator ? t('app-platform.operatorHelp') : t('app-platform.help')}
            </Typography.Paragraph>
            <div className="k-plat-language">
              <label htmlFor="plat-language">{t('app-platform.language')}</label>
              <Select
                id="plat-language"
                data-testid="plat-language"
                style={{ width: 150 }}
                value={language ?? ''}
                onChange={(value: string) => update({ language: value || undefined })}
                options={[
                  { value: '', label: t('app-platform.languageMine') },
                  ...LOCALES.map((l) => ({ value: l, label: t(`app-platform.languages.${l}`) })),
                ]}
              />
            </div>
          </div>
          <DataTable
            testId="plat-table"
            rowKey="appId"
            query={(params) =>
              platformListQuery(
                {
                  pageNum: params.pageNum,
                  pageSize: params.pageSize,
                  ...(params.filters.str ? { str: params.filters.str } : {}),
                  ...(language ? { language } : {}),
                },
                !pno,
              )
            }
            columns={columns}
          />
        </>
      ) : (
        <Empty description={t('app-platform.noProperty')} />
      )}
    </Card>
  );
}
