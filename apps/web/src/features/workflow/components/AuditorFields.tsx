import { AUTH_TYPES } from '@keel/contract/constants';
import { type AuditorRef, STEP_MAX_AUDITORS } from '@keel/contract/endpoints/workflow';
import Form from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GroupMultiSelect } from '../../../shared/pickers/GroupMultiSelect';
import { OrgTreeSelect } from '../../../shared/pickers/OrgTreeSelect';
import { UserPicker } from '../../../shared/pickers/UserPicker';

/** A step's (or an apply type's) auditors as the calls take them. */
export interface AuditorLists {
  uidList: string[];
  tidList: string[];
  usidList: string[];
  oidList: string[];
}

export const NO_AUDITORS: AuditorLists = { uidList: [], tidList: [], usidList: [], oidList: [] };

/** Auditor entries split into the four id lists. */
export function listsOf(auditors: readonly AuditorRef[]): AuditorLists {
  const pick = (type: AuditorRef['authType']) => auditors.filter((a) => a.authType === type).map((a) => a.id);
  return {
    uidList: pick(AUTH_TYPES.users),
    tidList: pick(AUTH_TYPES.titles),
    usidList: pick(AUTH_TYPES.userSets),
    oidList: pick(AUTH_TYPES.orgs),
  };
}

/** The four lists of a form's values, each a list (a cleared select answers undefined). */
export function cleanLists(values: Partial<AuditorLists>): AuditorLists {
  return {
    uidList: values.uidList ?? [],
    tidList: values.tidList ?? [],
    usidList: values.usidList ?? [],
    oidList: values.oidList ?? [],
  };
}

const FIELDS = ['uidList', 'tidList', 'usidList', 'oidList'] as const;

/**
 * The auditor fields of a form: users, titles, user sets and organisation units (each a multiple select; a unit
 * means its members and those of the units below it). `required`: at least one entry in all four. `known` names
 * the entries saved before, so the selects show names, not ids.
 */
export function AuditorFields({ known = [], required }: { known?: readonly AuditorRef[]; required?: boolean }) {
  const { t } = useTranslation();
  const labels = useMemo(() => Object.fromEntries(known.map((a) => [a.id, a.name])), [known]);
  const most = t('workflow.auditor.tooMany', { max: STEP_MAX_AUDITORS });
  const maxRule = { type: 'array' as const, max: STEP_MAX_AUDITORS, message: most };
  return (
    <>
      <Form.Item
        name="uidList"
        label={t('workflow.auditor.kinds.user')}
        dependencies={['tidList', 'usidList', 'oidList']}
        rules={[
          maxRule,
          ({ getFieldValue }) => ({
            validator: async () => {
              if (!required) return;
              const total = FIELDS.reduce((n, f) => n + ((getFieldValue(f) as string[] | undefined)?.length ?? 0), 0);
              if (total === 0) throw new Error(t('workflow.auditor.required'));
            },
          }),
        ]}
      >
        <UserPicker multiple knownLabels={labels} testId="auditor-users" />
      </Form.Item>
      <Form.Item name="tidList" label={t('workflow.auditor.kinds.title')} rules={[maxRule]}>
        <GroupMultiSelect
          kind="title"
          knownLabels={labels}
          placeholder={t('workflow.auditor.pickTitles')}
          testId="auditor-titles"
        />
      </Form.Item>
      <Form.Item name="usidList" label={t('workflow.auditor.kinds.userSet')} rules={[maxRule]}>
        <GroupMultiSelect
          kind="userSet"
          knownLabels={labels}
          placeholder={t('workflow.auditor.pickUserSets')}
          testId="auditor-user-sets"
        />
      </Form.Item>
      <Form.Item
        name="oidList"
        label={t('workflow.auditor.kinds.org')}
        extra={t('workflow.auditor.orgHint')}
        rules={[maxRule]}
      >
        <OrgTreeSelect multiple placeholder={t('workflow.auditor.pickOrgs')} testId="auditor-orgs" />
      </Form.Item>
    </>
  );
}
