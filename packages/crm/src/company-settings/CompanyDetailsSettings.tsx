import { type CompanyDetailsSettings as CompanyDetails, companyDetailsSchema } from '@shine/shared/company-settings';
import { Button, Form, Input, Typography } from 'antd';
import { useEffect } from 'react';
import { useToast } from '../ui/use-toast.ts';
import { SettingsCard, saveSettings } from '../ui/SettingsCard.tsx';
import { useCompanySettings, useSaveCompanySettings } from './company-settings.hooks.ts';

const FIELDS = ['name', 'postalAddress', 'reviewUrl'] as const;

/**
 * The company's name and postal address (admins): US law asks every commercial e-mail for the
 * sender's postal address, so every automated e-mail ends with them and its unsubscribe link. The
 * review page is the {{reviewUrl}} of the "Ask for a review" message.
 */
export function CompanyDetailsSettings() {
  const view = useCompanySettings();
  const save = useSaveCompanySettings();
  const toast = useToast();
  const [form] = Form.useForm<CompanyDetails>();

  useEffect(() => {
    if (view.data) form.setFieldsValue({ ...view.data, reviewUrl: view.data.reviewUrl ?? '' });
  }, [view.data, form]);

  const submit = (values: CompanyDetails) =>
    saveSettings({
      form,
      schema: companyDetailsSchema,
      values,
      fields: FIELDS,
      save,
      toast,
      messages: { saved: 'Company details saved', failed: 'Could not save the company details' },
    });

  return (
    <SettingsCard title="Company details in e-mails" view={view} skeletonRows={3}>
      {view.data ? (
        // Prefixes the fields' ids (companyDetails_name…): the Team section's dialogs have a "name" field too.
        <Form<CompanyDetails>
          form={form}
          name="companyDetails"
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
        >
          <Typography.Paragraph className="muted">
            Every automated e-mail ends with this name and postal address (a P.O. box will do) and a link to
            unsubscribe.
          </Typography.Paragraph>
          <Form.Item name="name" label="Company name">
            <Input autoComplete="organization" maxLength={120} />
          </Form.Item>
          <Form.Item name="postalAddress" label="Postal address">
            <Input.TextArea autoComplete="street-address" rows={3} maxLength={300} />
          </Form.Item>
          <Form.Item
            name="reviewUrl"
            label="Review page"
            extra="The https:// link where customers review you (Google, Yelp…), sent after a first cleaning. Leave empty for none."
          >
            <Input inputMode="url" autoComplete="url" maxLength={500} placeholder="https://" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save company details'}
          </Button>
        </Form>
      ) : null}
    </SettingsCard>
  );
}
