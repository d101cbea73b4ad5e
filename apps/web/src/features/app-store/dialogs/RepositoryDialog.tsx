import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { SearchSelect } from '../../../shared/pickers/SearchSelect';
import { groupFingerprint, repositoryAddress } from '../model';

/**
 * The property's F-Droid repository, to add to a stock F-Droid client (`ai/getAppStoreRepository`): its address
 * (this console's origin and the path answered; every app on the shelf, or a chosen device model's) and the SHA-256
 * fingerprint of the certificate its index is signed with, grouped in pairs as F-Droid shows it, each with a copy
 * button (the fingerprint is copied without spaces).
 */
export function RepositoryDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [modelId, setModelId] = useState<string | undefined>();
  const repo = useQuery({ ...apiQuery('ai/getAppStoreRepository', modelId ? { modelId } : {}), retry: false });
  const copy = { tooltips: [t('app-store.repo.copy'), t('app-store.repo.copied')] };

  let body: ReactNode;
  if (repo.isError) {
    body = (
      <Result
        status="error"
        title={t('kit.loadFailed')}
        subTitle={repo.error.message}
        extra={<Button onClick={() => void repo.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  } else if (!repo.data) {
    body = <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  } else {
    const address = repositoryAddress(window.location.origin, repo.data.path);
    const fingerprint = repo.data.fingerprint.toUpperCase();
    body = (
      <dl className="k-repo">
        <dt>{t('app-store.repo.address')}</dt>
        <dd>
          <Typography.Paragraph
            code
            copyable={{ ...copy, text: address }}
            translate="no"
            className="k-repo-value"
            data-testid="repo-address"
          >
            {address}
          </Typography.Paragraph>
        </dd>
        <dt>{t('app-store.repo.fingerprint')}</dt>
        <dd>
          <Typography.Paragraph
            copyable={{ ...copy, text: fingerprint }}
            translate="no"
            className="k-repo-value k-repo-fingerprint k-mono"
            data-testid="repo-fingerprint"
            data-fingerprint={repo.data.fingerprint}
          >
            {groupFingerprint(fingerprint)}
          </Typography.Paragraph>
        </dd>
      </dl>
    );
  }

  return (
    <Modal
      open
      title={t('app-store.repo.title')}
      width={560}
      onCancel={onClose}
      destroyOnHidden
      data-testid="repo-dialog"
      footer={
        <Button type="primary" onClick={onClose} data-testid="repo-close">
          {t('app-store.repo.close')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }} data-testid="repo-help">
        {t('app-store.repo.help')}
      </Typography.Paragraph>
      <Form layout="vertical" name="appStoreRepository">
        <Form.Item label={t('app-store.repo.model')} htmlFor="repo-model" extra={t('app-store.repo.modelHelp')}>
          <SearchSelect
            id="repo-model"
            testId="repo-model"
            style={{ width: '100%' }}
            allowClear
            query={(str) => apiQuery('dm/getDeviceModelList', { pageNum: 1, pageSize: 20, str: str || undefined })}
            option={(m) => ({ value: m.modelId, label: m.name })}
            value={modelId}
            onChange={setModelId}
            placeholder={t('app-store.repo.allModels')}
            emptyText={t('app-store.repo.noModels')}
          />
        </Form.Item>
      </Form>
      {body}
    </Modal>
  );
}
