import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { LOCALES } from '@keel/contract/constants';
import {
  AGE_LEVELS,
  APP_DESCRIPTION_MAX,
  APP_IMAGE_MAX_BYTES,
  APP_LABELS_MAX,
  APP_NAME_MAX,
  APP_SUMMARY_MAX,
  type AppItem,
  PACKAGE_NAME_PATTERN,
} from '@keel/contract/endpoints/app-store';
import { formatFileSize } from '@keel/contract/format';
import type { Locale } from '@keel/contract/status';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Tabs from 'antd/es/tabs';
import Typography from 'antd/es/typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { currentLanguage } from '../../../shared/i18n/language';
import { IconField, ScreenshotsField } from '../../../shared/upload/ImageFields';
import { APP_READS, byMode, type Mode } from '../api';
import { DraftOrSubmitFooter } from '../components/DraftOrSubmitFooter';
import { type AppFormValues, appFormOf, appSaveInput, auditState } from '../model';

const LABEL_MAX = 20;
const LINK = /^https?:\/\/\S+$/i;

/** One language's listing: name, texts, developer, labels, icon and screenshots. */
function ListingFields({ language, onRemove }: { language: Locale; onRemove?: () => void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<AppFormValues>();
  const name = Form.useWatch(['listings', language, 'appName'], form) as string | undefined;
  const field = (key: string) => ['listings', language, key];
  const testId = (key: string) => `listing-${language}-${key}`;
  return (
    <div data-testid={`listing-${language}`}>
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t(`app-store.listing.help.${language}`)}
      </Typography.Paragraph>
      <Form.Item
        name={field('appName')}
        label={t('app-store.listing.name')}
        rules={[{ required: true, whitespace: true, message: t('app-store.listing.nameRequired') }]}
      >
        <Input maxLength={APP_NAME_MAX} showCount data-testid={testId('name')} />
      </Form.Item>
      <Form.Item name={field('summary')} label={t('app-store.listing.summary')}>
        <Input maxLength={APP_SUMMARY_MAX} showCount data-testid={testId('summary')} />
      </Form.Item>
      <Form.Item name={field('description')} label={t('app-store.listing.description')}>
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 10 }}
          maxLength={APP_DESCRIPTION_MAX}
          showCount
          data-testid={testId('description')}
        />
      </Form.Item>
      <div className="k-field-row">
        <Form.Item name={field('developer')} label={t('app-store.listing.developer')}>
          <Input maxLength={APP_NAME_MAX} data-testid={testId('developer')} />
        </Form.Item>
        <Form.Item
          name={field('developerLink')}
          label={t('app-store.listing.developerLink')}
          rules={[{ pattern: LINK, message: t('app-store.listing.linkInvalid') }]}
        >
          <Input maxLength={300} placeholder="https://" translate="no" data-testid={testId('link')} />
        </Form.Item>
      </div>
      <Form.Item
        name={field('labels')}
        label={t('app-store.listing.labels')}
        extra={t('app-store.listing.labelsHelp', { max: APP_LABELS_MAX, length: LABEL_MAX })}
        rules={[
          {
            validator: async (_r, v?: string[]) => {
              if ((v ?? []).some((l) => l.trim().length > LABEL_MAX))
                throw new Error(t('app-store.listing.labelTooLong', { length: LABEL_MAX }));
            },
          },
        ]}
      >
        <Select
          mode="tags"
          maxCount={APP_LABELS_MAX}
          tokenSeparators={[',', '，']}
          open={false}
          suffixIcon={null}
          placeholder={t('app-store.listing.labelsPlaceholder')}
          data-testid={testId('labels')}
        />
      </Form.Item>
      <Form.Item name={field('icon')} label={t('app-store.listing.icon')}>
        <IconField
          testId={testId('icon')}
          alt={t('app-store.listing.iconAlt', { name: name ?? '' })}
          help={t('app-store.listing.iconHelp', { max: formatFileSize(APP_IMAGE_MAX_BYTES) })}
        />
      </Form.Item>
      <Form.Item name={field('screenshots')} label={t('app-store.listing.screenshots')}>
        <ScreenshotsField
          testId={testId('shots')}
          alt={(n) => t('app-store.listing.shotAlt', { name: name ?? '', n })}
        />
      </Form.Item>
      {onRemove && (
        <Button danger icon={<DeleteOutlined />} onClick={onRemove} data-testid={testId('remove')}>
          {t('app-store.listing.remove', { language: t(`app-store.languages.${language}`) })}
        </Button>
      )}
    </div>
  );
}

/**
 * An app's information, new (`app` absent) or one of the list: package name (fixed once the app has versions), free
 * or paid, age rating, type, and a listing per language as tabs (at least one, each with its name; icon and
 * screenshots uploaded as the app's images). Saved as a draft, or sent for review.
 */
export function AppDialog({ app, mode, onClose }: { app?: AppItem; mode: Mode; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AppFormValues>();
  const formName = `app${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const [initial] = useState(() => appFormOf(app, currentLanguage()));
  const [languages, setLanguages] = useState<Locale[]>(initial.languages);
  const [active, setActive] = useState<string>(initial.languages[0] ?? 'zh-cn');
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  const hasVersions = (app?.versionCount ?? 0) > 0;
  const nameOf = (input: { languageList: { appName: string }[]; packageName: string }) =>
    input.languageList[0]?.appName || input.packageName;
  const save = useApiMutation(byMode('ai/saveAppInfo', mode), {
    invalidates: APP_READS,
    success: (_d, input) =>
      t(input.submit === 1 ? 'app-store.app.submitted' : 'app-store.app.saved', { name: nameOf(input) }),
  });

  const missing = LOCALES.filter((l) => !languages.includes(l));
  const addLanguage = (language: Locale) => {
    setLanguages((list) => [...list, language]);
    setActive(language);
  };
  const removeLanguage = (language: Locale) => {
    const rest = languages.filter((l) => l !== language);
    setLanguages(rest);
    if (active === language) setActive(rest[0] ?? 'zh-cn');
  };

  const submit = async (asSubmit: 0 | 1) => {
    let values: AppFormValues;
    try {
      values = await form.validateFields();
    } catch (error) {
      // A field of a tab not shown: show that tab, where its message is.
      const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name;
      if (first?.[0] === 'listings' && typeof first[1] === 'string') setActive(first[1]);
      return;
    }
    setBusy(asSubmit ? 'submit' : 'draft');
    const done = await save(appSaveInput(values, languages, app, asSubmit));
    setBusy(null);
    if (done) onClose();
  };

  const state = app ? auditState(app.auditStatus) : 'draft';
  return (
    <Modal
      open
      title={
        app ? (
          <>
            {t('app-store.app.editTitle')}
            <span translate="no"> {app.activeLanguage.appName || app.packageName}</span>
          </>
        ) : (
          t('app-store.app.createTitle')
        )
      }
      width={760}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      data-testid="app-dialog"
      footer={
        <DraftOrSubmitFooter
          testPrefix="app"
          busy={busy}
          onCancel={onClose}
          onSave={(asSubmit) => void submit(asSubmit)}
        />
      }
    >
      {state === 'rejected' && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('app-store.app.rejectedNotice')}
          description={app?.auditComment ? <span translate="no">{app.auditComment}</span> : undefined}
          data-testid="app-rejected-notice"
        />
      )}
      {state === 'passed' && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('app-store.app.passedNotice')} />
      )}
      <Form form={form} name={formName} layout="vertical" initialValues={initial.values} requiredMark>
        <Form.Item
          name="packageName"
          label={t('app-store.app.packageName')}
          extra={hasVersions ? t('app-store.app.packageFixed') : t('app-store.app.packageHelp')}
          rules={[
            { required: true, message: t('app-store.app.packageRequired') },
            { pattern: PACKAGE_NAME_PATTERN, message: t('app-store.app.packageInvalid') },
            { max: 200, message: t('app-store.app.packageInvalid') },
          ]}
        >
          <Input
            disabled={hasVersions}
            placeholder="com.example.app"
            translate="no"
            spellCheck={false}
            autoComplete="off"
            data-testid="app-package"
          />
        </Form.Item>
        <div className="k-field-row">
          <Form.Item name="free" label={t('app-store.app.price')}>
            <Radio.Group
              optionType="button"
              data-testid="app-free"
              options={[
                { value: 1, label: t('app-store.app.free') },
                { value: 0, label: t('app-store.app.paid') },
              ]}
            />
          </Form.Item>
          <Form.Item name="appType" label={t('app-store.app.type')}>
            <Radio.Group
              optionType="button"
              data-testid="app-type"
              options={[
                { value: 1, label: t('app-store.appTypes.1') },
                { value: 2, label: t('app-store.appTypes.2') },
              ]}
            />
          </Form.Item>
          <Form.Item name="ageLevel" label={t('app-store.app.ageLevel')}>
            <Select
              data-testid="app-age"
              options={AGE_LEVELS.map((a) => ({
                value: a,
                label: a === 0 ? t('app-store.ages.all') : t('app-store.ages.from', { age: a }),
              }))}
            />
          </Form.Item>
        </div>
        <Typography.Title level={5} style={{ marginTop: 4 }}>
          {t('app-store.listing.title')}
        </Typography.Title>
        <Tabs
          activeKey={active}
          onChange={setActive}
          data-testid="app-listings"
          tabBarExtraContent={
            missing.length > 0 ? (
              <div style={{ display: 'flex', gap: 8 }}>
                {missing.map((l) => (
                  <Button
                    key={l}
                    size="small"
                    icon={<PlusOutlined />}
                    onClick={() => addLanguage(l)}
                    data-testid={`app-listing-add-${l}`}
                  >
                    {t('app-store.listing.add', { language: t(`app-store.languages.${l}`) })}
                  </Button>
                ))}
              </div>
            ) : undefined
          }
          items={languages.map((l) => ({
            key: l,
            label: <span data-testid={`app-listing-tab-${l}`}>{t(`app-store.languages.${l}`)}</span>,
            forceRender: true,
            children: (
              <ListingFields language={l} onRemove={languages.length > 1 ? () => removeLanguage(l) : undefined} />
            ),
          }))}
        />
      </Form>
    </Modal>
  );
}
