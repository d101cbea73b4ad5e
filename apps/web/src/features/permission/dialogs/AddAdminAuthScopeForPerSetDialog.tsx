import type { AdminItem } from '@keel/contract/endpoints/permission';
import Alert from 'antd/es/alert';
import Checkbox from 'antd/es/checkbox';
import type { FormInstance } from 'antd/es/form';
import Form from 'antd/es/form';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { OrgTreeSelect } from '../../../shared/pickers/OrgTreeSelect';
import { SpaceSelect, useSpaceNames } from '../../../shared/pickers/SpaceSelect';
import { toast } from '../../../shared/toast/toast-store';
import { PERMISSION_LISTS, usePermissionRights } from '../api';
import { AdminSelect } from '../components/pickers';
import { sameScope } from '../components/scope';

type SetScope = AdminItem['permissionSetList'][number];

interface Values {
  uid: string;
  psid: string;
  applyAll?: boolean;
  orgMode: 'all' | 'limited';
  oidList?: string[];
  spaceMode: 'all' | 'limited';
  sidList?: string[];
  liftSpaces?: boolean;
}

/** The form's values for one assignment of `admin`. */
function valuesFor(admin: AdminItem | undefined, set: SetScope | undefined): Partial<Values> {
  return {
    uid: admin?.uid,
    psid: set?.psid,
    applyAll: false,
    orgMode: set?.oidList ? 'limited' : 'all',
    oidList: set?.oidList ?? [],
    spaceMode: set?.sidList ? 'limited' : 'all',
    sidList: set?.sidList ?? [],
    liftSpaces: false,
  };
}

/**
 * Where the chosen set applies among the property's spaces: every space, or only those picked (`ps/assignMgeSpace`).
 * Picking needs the space management page (the spaces the caller manages are offered); without it the stored limit
 * is shown as it is and can only be lifted.
 */
function SpaceScope({ set, seeSpaces }: { set: SetScope | undefined; seeSpaces: boolean }) {
  const { t } = useTranslation();
  const names = useSpaceNames(seeSpaces);
  const spaceMode = Form.useWatch<Values['spaceMode']>('spaceMode');
  const limited = set?.sidList ?? null;
  if (!seeSpaces) {
    return (
      <Form.Item label={t('permission.scope.spaces')} extra={t('permission.scope.spacesHidden')}>
        <Space orientation="vertical" size={4} style={{ width: '100%' }}>
          <span data-testid="scope-spaces">
            {limited === null ? (
              <Tag color="green">{t('permission.scope.allSpaces')}</Tag>
            ) : limited.length === 0 ? (
              <Tag color="red">{t('permission.scope.noSpaces')}</Tag>
            ) : (
              limited.map((sid) => <Tag key={sid}>{names.get(sid) ?? sid}</Tag>)
            )}
          </span>
          {limited !== null && (
            <Form.Item name="liftSpaces" valuePropName="checked" noStyle>
              <Checkbox data-testid="scope-lift-spaces">{t('permission.scope.liftSpaces')}</Checkbox>
            </Form.Item>
          )}
        </Space>
      </Form.Item>
    );
  }
  return (
    <>
      <Form.Item name="spaceMode" label={t('permission.scope.spaces')} extra={t('permission.scope.spacesNote')}>
        <Radio.Group data-testid="scope-space-mode">
          <Radio value="all" data-testid="scope-space-all">
            {t('permission.scope.allSpaces')}
          </Radio>
          <Radio value="limited" data-testid="scope-space-limited">
            {t('permission.scope.onlySpaces')}
          </Radio>
        </Radio.Group>
      </Form.Item>
      {spaceMode === 'limited' && (
        <Form.Item
          name="sidList"
          label={t('permission.scope.spaceList')}
          rules={[{ required: true, type: 'array', min: 1, message: t('permission.scope.spacesRequired') }]}
        >
          <SpaceSelect testId="scope-spaces-select" placeholder={t('permission.scope.pickSpaces')} />
        </Form.Item>
      )}
    </>
  );
}

function ScopeFields({
  form,
  admin: given,
  seeOrgs,
  seeSpaces,
  onPick,
}: {
  form: FormInstance<Values>;
  admin?: AdminItem;
  seeOrgs: boolean;
  seeSpaces: boolean;
  /** The administrator picked in the dialog (when none was given). */
  onPick: (admin: AdminItem | undefined) => void;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<AdminItem | undefined>(undefined);
  const admin = given ?? picked;
  const psid = Form.useWatch('psid', form);
  const orgMode = Form.useWatch('orgMode', form);
  const set = admin?.permissionSetList.find((s) => s.psid === psid);
  const sets = admin?.permissionSetList ?? [];
  return (
    <>
      <Form.Item
        name="uid"
        label={t('permission.admin.admin')}
        hidden={given !== undefined}
        rules={[{ required: true, message: t('permission.admin.adminRequired') }]}
      >
        <AdminSelect
          testId="scope-admin"
          onAdmin={(a) => {
            setPicked(a);
            onPick(a);
            form.setFieldsValue(valuesFor(a, a?.permissionSetList[0]));
          }}
        />
      </Form.Item>
      <Form.Item
        name="psid"
        label={t('permission.scope.set')}
        extra={t('permission.scope.setHelp')}
        rules={[{ required: true, message: t('permission.scope.setRequired') }]}
      >
        <Select
          data-testid="scope-set"
          options={sets.map((s) => ({ value: s.psid, label: s.name }))}
          onChange={(value: string) => {
            const next = sets.find((s) => s.psid === value);
            form.setFieldsValue({ ...valuesFor(admin, next), applyAll: form.getFieldValue('applyAll') });
          }}
        />
      </Form.Item>
      {sets.length > 1 && (
        <Form.Item name="applyAll" valuePropName="checked">
          <Checkbox data-testid="scope-apply-all">{t('permission.scope.applyAll', { count: sets.length })}</Checkbox>
        </Form.Item>
      )}
      <Form.Item name="orgMode" label={t('permission.scope.orgs')}>
        <Radio.Group data-testid="scope-org-mode">
          <Radio value="all" data-testid="scope-org-all">
            {t('permission.scope.wholeProperty')}
          </Radio>
          <Radio value="limited" data-testid="scope-org-limited" disabled={!seeOrgs}>
            {t('permission.scope.onlyOrgs')}
          </Radio>
        </Radio.Group>
      </Form.Item>
      {!seeOrgs && (
        <Typography.Paragraph type="secondary" style={{ marginTop: -16 }}>
          {t('permission.scope.orgsHidden')}
        </Typography.Paragraph>
      )}
      {orgMode === 'limited' && seeOrgs && (
        <Form.Item
          name="oidList"
          label={t('permission.scope.orgList')}
          extra={t('permission.scope.orgListHelp')}
          rules={[{ required: true, type: 'array', min: 1, message: t('permission.scope.orgsRequired') }]}
        >
          <OrgTreeSelect multiple testId="scope-orgs" placeholder={t('permission.scope.pickOrgs')} />
        </Form.Item>
      )}
      <SpaceScope set={set} seeSpaces={seeSpaces} />
      {admin && sets.length === 0 && <Alert type="info" showIcon title={t('permission.scope.noSetsYet')} />}
    </>
  );
}

/**
 * `/Account/AddAdminAuthScopeForPerSetDlg`: where one of an administrator's sets applies — the whole property or
 * organisation subtrees (`ps/assignMgeOrg`), and every space or the spaces picked (`ps/assignMgeSpace`). Without
 * `admin` one is chosen first.
 */
export function AddAdminAuthScopeForPerSetDialog({
  open,
  onClose,
  admin,
}: {
  open: boolean;
  onClose: () => void;
  admin?: AdminItem;
}) {
  const { t } = useTranslation();
  const limitOrgs = useApiMutation('ps/assignMgeOrg', { invalidates: PERMISSION_LISTS });
  const assignSpaces = useApiMutation('ps/assignMgeSpace', { invalidates: PERMISSION_LISTS });
  const rights = usePermissionRights();
  const [picked, setPicked] = useState<AdminItem | undefined>(undefined);
  const initialValues = useMemo(() => valuesFor(admin, admin?.permissionSetList[0]), [admin]);

  const submit = async (values: Values) => {
    const who = admin ?? picked;
    if (!who) return false;
    const targets = values.applyAll
      ? who.permissionSetList
      : who.permissionSetList.filter((s) => s.psid === values.psid);
    const oidList = values.orgMode === 'limited' ? (values.oidList ?? []) : null;
    // Without the space page the stored limit is kept, unless lifted; with it, the one chosen here.
    const chosen = rights.seeSpaces ? (values.spaceMode === 'limited' ? (values.sidList ?? []) : null) : undefined;
    for (const set of targets) {
      const org = !sameScope(set.oidList, oidList);
      if (org && !(await limitOrgs({ uid: who.uid, psid: set.psid, oidList: oidList ?? [] }))) return false;
      const sidList =
        chosen === undefined ? (values.liftSpaces && set.psid === values.psid ? null : set.sidList) : chosen;
      const spaces = !sameScope(set.sidList, sidList);
      if (spaces && !(await assignSpaces({ uid: who.uid, psid: set.psid, sidList: sidList ?? [] }))) return false;
    }
    toast.success(t('permission.scope.saved', { name: who.name }));
    return true;
  };

  return (
    <FormDialog<Values>
      open={open}
      onClose={() => {
        setPicked(undefined);
        onClose();
      }}
      title={admin ? t('permission.scope.title', { name: admin.name }) : t('permission.scope.titleAny')}
      initialValues={initialValues}
      onSubmit={submit}
      testId="admin-scope-dialog"
    >
      {(form) => (
        <ScopeFields
          form={form}
          admin={admin}
          seeOrgs={rights.seeOrgs}
          seeSpaces={rights.seeSpaces}
          onPick={setPicked}
        />
      )}
    </FormDialog>
  );
}
