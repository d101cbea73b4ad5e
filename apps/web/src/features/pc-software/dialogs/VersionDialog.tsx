import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  SOFT_CHANGE_RECORDS_MAX,
  SOFT_CHANGE_TEXT_MAX,
  SOFT_NOTES_MAX,
  type SoftItem,
  type SoftVersionItem,
} from '@keel/contract/endpoints/pc-software';
import {
  SOFT_CHANGE_KINDS,
  SOFT_VERSION_PATTERN,
  type SoftChangeKind,
} from '@keel/contract/endpoints/pc-software-model';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { VERSION_READS } from '../api';

interface RecordValues {
  kind?: SoftChangeKind;
  contentZh?: string;
  contentEn?: string;
}

interface Values {
  version?: string;
  notesZh?: string;
  notesEn?: string;
  changeRecords?: RecordValues[];
}

/** The installers a version keeps when it is saved from elsewhere than its installer list. */
export const installersOf = (version: SoftVersionItem) =>
  version.installerList.map((i) => ({ os: i.os, arch: i.arch, format: i.format, fid: i.fid }));

/** The change records a version keeps when it is saved from elsewhere than its dialog. */
export const recordsOf = (version: SoftVersionItem) =>
  version.changeRecordList.map((r) => ({ kind: r.kind, contentZh: r.contentZh, contentEn: r.contentEn }));

/** The change record's entries: each a kind and its text in both languages (at least one), in order. */
function ChangeRecordFields() {
  const { t } = useTranslation();
  return (
    <Form.List name="changeRecords">
      {(fields, { add, remove }) => (
        <div data-testid="version-records">
          {fields.map((field, index) => (
            <div
              key={field.key}
              style={{
                border: '1px solid var(--k-split, #f0f0f0)',
                borderRadius: 8,
                padding: '12px 12px 0',
                marginBottom: 12,
              }}
              data-testid={`version-record-${index}`}
            >
              <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start', flexWrap: 'wrap' }}>
                <Form.Item
                  name={[field.name, 'kind']}
                  label={t('pc-software.record.kind')}
                  rules={[{ required: true, message: t('pc-software.record.kindRequired') }]}
                  style={{ flex: '1 1 160px', minWidth: 0 }}
                >
                  <Select
                    data-testid={`version-record-kind-${index}`}
                    options={SOFT_CHANGE_KINDS.map((k) => ({ value: k, label: t(`pc-software.record.kinds.${k}`) }))}
                  />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('pc-software.record.remove', { n: index + 1 })}
                  onClick={() => remove(field.name)}
                  style={{ marginTop: 30 }}
                  data-testid={`version-record-remove-${index}`}
                />
              </div>
              <Form.Item
                name={[field.name, 'contentZh']}
                label={t('pc-software.record.contentZh')}
                dependencies={[['changeRecords', field.name, 'contentEn']]}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: async (_r, value?: string) => {
                      const other = getFieldValue(['changeRecords', field.name, 'contentEn']) as string | undefined;
                      if (!value?.trim() && !other?.trim()) throw new Error(t('pc-software.record.contentRequired'));
                    },
                  }),
                ]}
              >
                <Input maxLength={SOFT_CHANGE_TEXT_MAX} data-testid={`version-record-zh-${index}`} />
              </Form.Item>
              <Form.Item name={[field.name, 'contentEn']} label={t('pc-software.record.contentEn')}>
                <Input maxLength={SOFT_CHANGE_TEXT_MAX} data-testid={`version-record-en-${index}`} />
              </Form.Item>
            </div>
          ))}
          {fields.length < SOFT_CHANGE_RECORDS_MAX && (
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ kind: 'feature' })}
              data-testid="version-record-add"
              style={{ marginBottom: 16 }}
            >
              {t('pc-software.record.add')}
            </Button>
          )}
        </div>
      )}
    </Form.List>
  );
}

/**
 * Add a version to a software, or edit an unreleased one: its number (1–4 dot-separated numbers), release notes in
 * both languages and its change record. Installers are kept as they are (the version page adds and removes them).
 */
export function VersionDialog({
  soft,
  version,
  onClose,
  onSaved,
}: {
  soft: Pick<SoftItem, 'softId' | 'name'>;
  version?: SoftVersionItem;
  onClose: () => void;
  onSaved?: (version: SoftVersionItem) => void;
}) {
  const { t } = useTranslation();
  const save = useApiMutation('softVersion/saveOrUpdateSoftVersionInfo', {
    invalidates: VERSION_READS,
    success: (d) =>
      t(version ? 'pc-software.version.saved' : 'pc-software.version.created', { version: d.version, name: soft.name }),
    onSuccess: (d) => onSaved?.(d),
  });
  const submit = (v: Values) =>
    save({
      ...(version ? { versionId: version.versionId } : {}),
      softId: soft.softId,
      version: v.version ?? '',
      notesZh: v.notesZh ?? '',
      notesEn: v.notesEn ?? '',
      installers: version ? installersOf(version) : [],
      changeRecords: (v.changeRecords ?? []).map((r) => ({
        kind: r.kind ?? 'feature',
        contentZh: r.contentZh ?? '',
        contentEn: r.contentEn ?? '',
      })),
    } as never);
  const initial: Values = version
    ? {
        version: version.version,
        notesZh: version.notesZh,
        notesEn: version.notesEn,
        changeRecords: recordsOf(version),
      }
    : { changeRecords: [] };
  return (
    <FormDialog<Values>
      open
      title={
        version
          ? t('pc-software.version.editTitle', { version: version.version, name: soft.name })
          : t('pc-software.version.createTitle', { name: soft.name })
      }
      initialValues={initial}
      onSubmit={submit}
      onClose={onClose}
      testId="version-dialog"
    >
      <Form.Item
        name="version"
        label={t('pc-software.version.number')}
        extra={t('pc-software.version.numberHelp')}
        rules={[
          { required: true, whitespace: true, message: t('pc-software.version.numberRequired') },
          {
            validator: async (_r, value?: string) => {
              if (value?.trim() && !SOFT_VERSION_PATTERN.test(value.trim()))
                throw new Error(t('pc-software.version.numberInvalid'));
            },
          },
        ]}
      >
        <Input maxLength={39} data-testid="version-number" translate="no" inputMode="decimal" />
      </Form.Item>
      <Form.Item name="notesZh" label={t('pc-software.version.notesZh')}>
        <Input.TextArea rows={3} maxLength={SOFT_NOTES_MAX} showCount data-testid="version-notes-zh" />
      </Form.Item>
      <Form.Item name="notesEn" label={t('pc-software.version.notesEn')}>
        <Input.TextArea rows={3} maxLength={SOFT_NOTES_MAX} showCount data-testid="version-notes-en" />
      </Form.Item>
      <Typography.Title level={5}>{t('pc-software.record.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('pc-software.record.help')}</Typography.Paragraph>
      <ChangeRecordFields />
    </FormDialog>
  );
}
