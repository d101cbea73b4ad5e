import type { SoftItem, SoftVersionItem } from '@keel/contract/endpoints/pc-software';
import {
  SOFT_ARCHES,
  SOFT_FORMATS,
  SOFT_OSES,
  type SoftArch,
  type SoftOs,
} from '@keel/contract/endpoints/pc-software-model';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { VERSION_READS } from '../api';
import { type PickedFile, SpaceFilePicker } from '../components/SpaceFilePicker';
import { guessPlatform } from '../model';
import { installersOf, recordsOf } from './VersionDialog';

interface Values {
  fid?: string;
  os?: SoftOs;
  arch?: SoftArch;
  format?: string;
}

/** The os, arch and format fields: the formats offered are the chosen os's. */
function PlatformFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<Values>();
  const os = Form.useWatch('os', form);
  const formats = os ? SOFT_FORMATS[os] : [];
  return (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      <Form.Item
        name="os"
        label={t('pc-software.installer.os')}
        rules={[{ required: true, message: t('pc-software.installer.osRequired') }]}
        style={{ flex: '1 1 140px', minWidth: 0 }}
      >
        <Select
          data-testid="installer-os"
          options={SOFT_OSES.map((o) => ({ value: o, label: t(`pc-software.os.${o}`) }))}
          onChange={(next: SoftOs) => {
            const format = form.getFieldValue('format') as string | undefined;
            if (format && !(SOFT_FORMATS[next] as readonly string[]).includes(format))
              form.setFieldValue('format', undefined);
          }}
        />
      </Form.Item>
      <Form.Item
        name="arch"
        label={t('pc-software.installer.arch')}
        rules={[{ required: true, message: t('pc-software.installer.archRequired') }]}
        style={{ flex: '1 1 140px', minWidth: 0 }}
      >
        <Select
          data-testid="installer-arch"
          options={SOFT_ARCHES.map((a) => ({ value: a, label: t(`pc-software.arch.${a}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="format"
        label={t('pc-software.installer.format')}
        rules={[{ required: true, message: t('pc-software.installer.formatRequired') }]}
        style={{ flex: '1 1 140px', minWidth: 0 }}
      >
        <Select
          data-testid="installer-format"
          disabled={!os}
          placeholder={os ? undefined : t('pc-software.installer.osFirst')}
          options={formats.map((f) => ({ value: f, label: f }))}
        />
      </Form.Item>
    </div>
  );
}

/**
 * Add an installer to an unreleased version: a file of the software's space (uploaded here with the resumable
 * upload, or one already there) and the platform it is for (guessed from the file's name, changeable). Saving the
 * version keeps its other installers; the server signs the new one when the software has a sign module.
 */
export function InstallerDialog({
  soft,
  version,
  onClose,
}: {
  soft: SoftItem;
  version: SoftVersionItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useApiMutation('softVersion/saveOrUpdateSoftVersionInfo', {
    invalidates: VERSION_READS,
    success: (d) => t('pc-software.installer.added', { version: d.version }),
  });
  const taken = new Set(version.installerList.map((i) => `${i.os}/${i.arch}/${i.format}`));
  return (
    <FormDialog<Values>
      open
      title={t('pc-software.installer.addTitle', { version: version.version })}
      onSubmit={async (v) => {
        const key = `${v.os}/${v.arch}/${v.format}`;
        if (taken.has(key)) return false;
        return save({
          versionId: version.versionId,
          softId: version.softId,
          version: version.version,
          notesZh: version.notesZh,
          notesEn: version.notesEn,
          changeRecords: recordsOf(version),
          installers: [
            ...installersOf(version),
            { os: v.os as SoftOs, arch: v.arch as SoftArch, format: v.format as string, fid: v.fid as string },
          ],
        } as never);
      }}
      onClose={onClose}
      testId="installer-dialog"
    >
      {(f) => (
        <>
          <Typography.Paragraph type="secondary">
            {soft.signModuleId
              ? t('pc-software.installer.signedHelp', { module: soft.signModuleName || soft.signModuleId })
              : t('pc-software.installer.unsignedHelp')}
          </Typography.Paragraph>
          <Form.Item
            name="fid"
            label={t('pc-software.installer.file')}
            extra={t('pc-software.installer.fileHelp', { space: soft.spaceName })}
            rules={[{ required: true, message: t('pc-software.installer.fileRequired') }]}
          >
            <SpaceFilePicker
              sid={soft.softSid}
              spaceName={soft.spaceName}
              testId="installer-file"
              onChange={(_fid: string, file?: PickedFile) => {
                // The form item keeps the file; its name suggests the platform.
                const guess = file ? guessPlatform(file.name) : undefined;
                if (guess) f.setFieldsValue(guess);
              }}
            />
          </Form.Item>
          <PlatformFields />
          <Form.Item noStyle shouldUpdate={(a, b) => a.os !== b.os || a.arch !== b.arch || a.format !== b.format}>
            {({ getFieldValue }) =>
              taken.has(`${getFieldValue('os')}/${getFieldValue('arch')}/${getFieldValue('format')}`) ? (
                <Typography.Text type="danger" role="alert" data-testid="installer-taken">
                  {t('pc-software.installer.taken')}
                </Typography.Text>
              ) : null
            }
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
