import type { AppVersionItem } from '@keel/contract/endpoints/app-store';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { APP_READS, byMode, type Mode } from '../api';

/**
 * Re-signing a version with the app's certificate (`keystore`) through the signing service: the caller picks one of
 * the APK sign modules bound to that certificate that they may sign with; the signed APK becomes the version's file.
 */
export function ResignDialog({
  version,
  keystore,
  mode,
  name,
  onClose,
}: {
  version: AppVersionItem;
  keystore: string;
  mode: Mode;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const options = useQuery(apiQuery('sign/getSignOptions', {}));
  const modules = (options.data ?? []).filter(
    (m) => m.signType === 'apk' && m.certList.some((c) => c.certId === keystore && !c.expired),
  );
  const [moduleId, setModuleId] = useState<string>();
  const [saving, setSaving] = useState(false);
  const resign = useApiMutation(byMode('av/resignAppVerInfo', mode), {
    invalidates: APP_READS,
    success: () => t('app-store.resign.done', { name }),
  });
  const chosen = moduleId ?? modules[0]?.moduleId;
  return (
    <Modal
      open
      title={t('app-store.resign.title', { name })}
      onCancel={onClose}
      okText={t('app-store.resign.ok')}
      cancelText={t('kit.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: !chosen, 'data-testid': 'resign-ok' } as never}
      onOk={async () => {
        if (!chosen) return;
        setSaving(true);
        const done = await resign({ appVersionId: version.appVersionId, moduleId: chosen });
        setSaving(false);
        if (done) onClose();
      }}
    >
      <div data-testid="resign-dialog">
        <Typography.Paragraph type="secondary">{t('app-store.resign.help')}</Typography.Paragraph>
        {options.isLoading ? (
          <Skeleton active title={false} paragraph={{ rows: 2 }} />
        ) : options.isError || modules.length === 0 ? (
          <Alert type="warning" showIcon title={t('app-store.resign.noModule')} data-testid="resign-no-module" />
        ) : (
          <Form layout="vertical">
            <Form.Item label={t('app-store.resign.module')} htmlFor="resign-module">
              <Select
                id="resign-module"
                data-testid="resign-module"
                value={chosen}
                onChange={setModuleId}
                options={modules.map((m) => ({ value: m.moduleId, label: m.moduleName }))}
              />
            </Form.Item>
          </Form>
        )}
      </div>
    </Modal>
  );
}
