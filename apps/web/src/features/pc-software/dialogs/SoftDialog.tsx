import { SOFT_DESCRIPTION_MAX, SOFT_NAME_MAX, type SoftItem } from '@keel/contract/endpoints/pc-software';
import { SOFT_KINDS, type SoftAuthType, type SoftKind } from '@keel/contract/endpoints/pc-software-model';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { apiQuery, scopedQuery } from '../../../shared/api/query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { SOFT_CHOICES, SOFT_READS } from '../api';
import { AuthTypeComponent } from '../components/AuthTypeComponent';
import { SoftIcon } from '../components/bits';
import { SpaceFilePicker } from '../components/SpaceFilePicker';

interface Values {
  softSid?: string;
  name?: string;
  description?: string;
  iconFid?: string;
  authType?: SoftAuthType;
  kind?: SoftKind;
  mainSoftId?: string;
  signModuleId?: string;
}

const IMAGE = /\.(png|jpe?g|webp|gif|svg|ico)$/i;
const isImage = (name: string, type: string) => type.startsWith('image/') || IMAGE.test(name);

/** The fields that depend on others: the icon (a file of the chosen space) and a child tool's main tool. */
function DependentFields({ soft }: { soft?: SoftItem }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<Values>();
  const sid = Form.useWatch('softSid', form) ?? soft?.softSid;
  const kind = Form.useWatch('kind', form) ?? soft?.kind;
  const spaces = useQuery(apiQuery('soft/getCommonSpaceList', {}));
  const mains = useQuery(apiQuery('soft/getMainToolList', { pageNum: 1, pageSize: SOFT_CHOICES }));
  const spaceName = spaces.data?.list.find((s) => s.sid === sid)?.name ?? soft?.spaceName ?? '';
  const mainOptions = (mains.data?.list ?? [])
    .filter((m) => m.softId !== soft?.softId)
    .map((m) => ({
      value: m.softId,
      label: m.granted ? `${m.name} · ${t('pc-software.kind.granted')}` : m.name,
    }));
  return (
    <>
      <Form.Item name="iconFid" label={t('pc-software.soft.icon')} extra={t('pc-software.soft.iconHelp')}>
        <SpaceFilePicker
          sid={sid}
          spaceName={spaceName}
          accept={isImage}
          testId="soft-icon"
          placeholder={t('pc-software.soft.iconPick')}
          known={soft?.iconFid ? { fid: soft.iconFid, name: t('pc-software.soft.iconCurrent'), size: 0 } : undefined}
        />
      </Form.Item>
      {soft?.iconUrl && (
        <div style={{ marginTop: -12, marginBottom: 16 }}>
          <SoftIcon url={soft.iconUrl} alt={soft.name} size={48} />
        </div>
      )}
      {kind === 'child' && (
        <Form.Item name="mainSoftId" label={t('pc-software.soft.mainTool')} extra={t('pc-software.soft.mainToolHelp')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            data-testid="soft-main"
            placeholder={t('pc-software.soft.mainToolPick')}
            loading={mains.isLoading}
            notFoundContent={mains.isLoading ? undefined : t('pc-software.soft.noMainTools')}
            options={mainOptions}
          />
        </Form.Item>
      )}
    </>
  );
}

/**
 * Create software or edit it (WekitToolsPage): its space (fixed once created), name, description, icon (an image of
 * the space, picked or uploaded), auth type (AuthTypeComponent), kind, a child tool's main tool, and the CMS sign
 * module its installers are signed with.
 */
export function SoftDialog({ soft, onClose }: { soft?: SoftItem; onClose: () => void }) {
  const { t } = useTranslation();
  const spaces = useQuery(apiQuery('soft/getCommonSpaceList', {}));
  // A property without the signing business answers a refusal: no toast, the choice is just empty.
  const modules = useQuery(
    scopedQuery('sm/getSignModuleList', { pageNum: 1, pageSize: 200, signType: 'cms' }, 'property', { notify: false }),
  );
  const save = useApiMutation('soft/saveOrUpdateSoftInfo', {
    invalidates: SOFT_READS,
    success: (d) => t(soft ? 'pc-software.soft.saved' : 'pc-software.soft.created', { name: d.name }),
  });
  const submit = (v: Values) =>
    save({
      ...(soft ? { softId: soft.softId } : {}),
      softSid: (soft?.softSid ?? v.softSid) as string,
      name: v.name ?? '',
      description: v.description ?? '',
      iconFid: v.iconFid ?? '',
      authType: v.authType ?? 0,
      kind: v.kind ?? 'main',
      mainSoftId: v.kind === 'child' ? (v.mainSoftId ?? '') : '',
      signModuleId: v.signModuleId ?? '',
    } as never);
  const firstSpace = spaces.data?.list.length === 1 ? spaces.data.list[0].sid : undefined;
  const initial: Values = soft
    ? {
        softSid: soft.softSid,
        name: soft.name,
        description: soft.description,
        iconFid: soft.iconFid || undefined,
        authType: soft.authType as SoftAuthType,
        kind: soft.kind,
        mainSoftId: soft.mainSoftId || undefined,
        signModuleId: soft.signModuleId || undefined,
      }
    : { authType: 0, kind: 'main', softSid: firstSpace };
  const moduleOptions = (modules.data?.list ?? []).map((m) => ({ value: m.moduleId, label: m.name }));
  if (soft?.signModuleId && !moduleOptions.some((m) => m.value === soft.signModuleId))
    moduleOptions.push({ value: soft.signModuleId, label: soft.signModuleName || soft.signModuleId });
  return (
    <FormDialog<Values>
      open
      title={soft ? t('pc-software.soft.editTitle', { name: soft.name }) : t('pc-software.soft.createTitle')}
      initialValues={initial}
      onSubmit={submit}
      onClose={onClose}
      testId="soft-dialog"
    >
      <Form.Item
        name="softSid"
        label={t('pc-software.soft.space')}
        extra={soft ? t('pc-software.soft.spaceFixed') : t('pc-software.soft.spaceHelp')}
        rules={[{ required: true, message: t('pc-software.soft.spaceRequired') }]}
      >
        <Select
          disabled={!!soft}
          data-testid="soft-space"
          showSearch
          optionFilterProp="label"
          loading={spaces.isLoading}
          notFoundContent={spaces.isLoading ? undefined : t('pc-software.soft.noSpaces')}
          options={(spaces.data?.list ?? []).map((s) => ({ value: s.sid, label: s.name }))}
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('pc-software.soft.name')}
        rules={[
          { required: true, whitespace: true, message: t('pc-software.soft.nameRequired') },
          { max: SOFT_NAME_MAX, message: t('pc-software.tooLong', { max: SOFT_NAME_MAX }) },
        ]}
      >
        <Input maxLength={SOFT_NAME_MAX} data-testid="soft-name" translate="no" />
      </Form.Item>
      <Form.Item name="description" label={t('pc-software.soft.description')}>
        <Input.TextArea rows={3} maxLength={SOFT_DESCRIPTION_MAX} showCount data-testid="soft-description" />
      </Form.Item>
      <Form.Item name="authType" label={t('pc-software.soft.authType')}>
        <AuthTypeComponent />
      </Form.Item>
      <Form.Item name="kind" label={t('pc-software.soft.kind')} extra={t('pc-software.soft.kindHelp')}>
        <Radio.Group
          data-testid="soft-kind"
          options={SOFT_KINDS.map((k) => ({ value: k, label: t(`pc-software.kind.${k}`) }))}
          disabled={soft?.kind === 'main' && soft.childCount > 0}
        />
      </Form.Item>
      <DependentFields soft={soft} />
      <Form.Item
        name="signModuleId"
        label={t('pc-software.soft.signModule')}
        extra={t('pc-software.soft.signModuleHelp')}
      >
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          data-testid="soft-sign-module"
          placeholder={t('pc-software.soft.unsigned')}
          loading={modules.isLoading}
          notFoundContent={modules.isLoading ? undefined : t('pc-software.soft.noSignModules')}
          options={moduleOptions}
        />
      </Form.Item>
    </FormDialog>
  );
}
