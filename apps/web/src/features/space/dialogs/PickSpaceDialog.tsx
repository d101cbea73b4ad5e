import { SPACE_LIST_PAGE_SIZE } from '@keel/contract/constants';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { apiQuery } from '../../../shared/api/query';

/**
 * Which space a dialog route opened without `?sid=` works on: the member's own spaces, or (`managed`) those the
 * administrator manages. Choosing one resolves with its sid (the route then opens the dialog for it).
 */
export function PickSpaceDialog({
  title,
  managed,
  onPick,
  onClose,
}: {
  title: string;
  managed: boolean;
  onPick: (sid: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const input = { pageNum: 1, pageSize: SPACE_LIST_PAGE_SIZE };
  const list = useQuery(managed ? apiQuery('space/getAllSpaceList', input) : apiQuery('space/getMySpaceList', input));
  const options = useMemo(() => (list.data?.list ?? []).map((s) => ({ value: s.sid, label: s.name })), [list.data]);
  return (
    <FormDialog<{ sid: string }>
      open
      title={title}
      onClose={onClose}
      testId="space-pick-dialog"
      onSubmit={async (v) => {
        onPick(v.sid);
        return false;
      }}
    >
      <Form.Item
        name="sid"
        label={t('space.pick.label')}
        rules={[{ required: true, message: t('space.pick.required') }]}
      >
        <Select
          data-testid="space-pick"
          showSearch
          optionFilterProp="label"
          loading={list.isLoading}
          options={options}
          notFoundContent={list.isLoading ? undefined : t('space.pick.none')}
        />
      </Form.Item>
    </FormDialog>
  );
}
