import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { useSearchRecord } from '../../../shared/api/search-of';
import { useSession } from '../../../shared/session/session-store';
import { useCan } from '../../../shared/session/use-can';
import { P } from '../api';
import { AUTH_KINDS, GrantButton, GrantDialog, GrantPanel } from '../components';

/** `/SignMgtSystem/WorkCertAuthPage?certId=&kind=`: who may sign with a certificate, by kind. */
export function WorkCertAuthPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pno = useSession((s) => s.selectedPropertyPno);
  const search = useSearchRecord();
  const certId = String(search.certId ?? '');
  const kind = Number(search.kind ?? 2);
  const canEdit = useCan(P.certAuthEdit);
  const certs = useQuery({ ...apiQuery('cert/getCertList', { pageNum: 1, pageSize: 100 }), enabled: !!pno });
  if (!pno) return <Empty description={t('signing.noProperty')} />;
  const go = (next: Record<string, unknown>) =>
    void navigate({ to: '/SignMgtSystem/WorkCertAuthPage', search: { certId, kind, ...next } as never, replace: true });
  return (
    <Card title={t('signing.certAuth.page')} data-testid="cert-auth-page">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          data-testid="auth-cert"
          placeholder={t('signing.certAuth.pick')}
          aria-label={t('signing.certAuth.pick')}
          style={{ minWidth: 260 }}
          value={certId || undefined}
          showSearch
          optionFilterProp="label"
          loading={certs.isLoading}
          onChange={(v: string) => go({ certId: v })}
          options={(certs.data?.list ?? [])
            .filter((c) => c.keySource !== 'none')
            .map((c) => ({ value: c.certId, label: `${c.name} (${c.keyType})` }))}
        />
        {certId && canEdit && (
          <GrantButton
            label={t('signing.grant.add')}
            onClick={() => void navigate({ to: '/SignMgtSystem/NewAuthDialog', search: { certId, kind } as never })}
          />
        )}
      </Space>
      {certId ? (
        <Tabs
          activeKey={String(kind)}
          onChange={(k) => go({ kind: Number(k) })}
          items={AUTH_KINDS.map((k) => ({
            key: String(k),
            label: t(`signing.authType.${k}`),
            children: k === kind ? <GrantPanel target="cert" id={certId} kind={k} canEdit={canEdit} /> : null,
          }))}
        />
      ) : (
        <Empty description={t('signing.certAuth.pick')} />
      )}
    </Card>
  );
}

/** `/SignMgtSystem/NewAuthDialog?certId=`: authorise people to sign with a certificate. */
export function NewAuthDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const certId = String(useSearchRecord().certId ?? '');
  return <GrantDialog target="cert" id={certId} open onClose={onClose} title={t('signing.grant.add')} />;
}
