import { id as idSchema } from '@keel/contract/envelope';
import { useQuery } from '@tanstack/react-query';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useRouteObject } from '../../../shared/admin-kit/route-object';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { PACKAGE_LISTS } from '../api';

const ID_SEARCH = z.object({ id: idSchema() }).partial();

/** `/fota/FotaPushSwDialog?id=`: the customers a published package is shared with (they see it read-only). */
export function FotaPushSwDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { id } = useSearchOf(ID_SEARCH);
  const query = useQuery({ ...apiQuery('sw/getSwInfo', { id: id ?? '' }), enabled: id !== undefined, retry: false });
  const row = useRouteObject(query, true, t('firmware.sw.notFound'), onClose);
  const customers = useQuery(apiQuery('cu/getCustomerList', { pageNum: 1, pageSize: 100 }));
  const [cids, setCids] = useState<string[]>([]);
  useEffect(() => setCids(row?.customers.map((c) => c.id) ?? []), [row]);
  const push = useApiMutation('sw/pushSwToCustomer', {
    invalidates: PACKAGE_LISTS,
    success: (d) => t('firmware.push.done', { count: d.customerCount }),
  });
  if (!row) return null;
  return (
    <Modal
      open
      title={t('firmware.push.title', { name: `${row.name} ${row.version}` })}
      onCancel={onClose}
      onOk={async () => {
        if (await push({ id: row.id, cidList: cids })) onClose();
      }}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
    >
      <div data-testid="sw-push-dialog">
        <Typography.Paragraph type="secondary">{t('firmware.push.help')}</Typography.Paragraph>
        <Select
          mode="multiple"
          allowClear
          style={{ width: '100%' }}
          optionFilterProp="label"
          aria-label={t('firmware.push.customers')}
          placeholder={t('firmware.push.customers')}
          data-testid="sw-push-customers"
          loading={customers.isLoading}
          options={(customers.data?.list ?? []).map((c) => ({ value: c.cid, label: c.name }))}
          value={cids}
          onChange={setCids}
        />
      </div>
    </Modal>
  );
}
