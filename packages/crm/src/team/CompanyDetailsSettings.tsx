import { type CompanyDetailsSettings as CompanyDetails, companyDetailsSchema } from '@shine/shared/company-settings';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useEffect, useId } from 'react';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { showServerIssues } from '../ui/server-issues.ts';
import { useToast } from '../ui/use-toast.ts';
import { useCompanySettings, useSaveCompanySettings } from './company-settings.queries.ts';

const FIELDS = ['name', 'postalAddress'] as const;

/**
 * The company's name and postal address (admins): US law asks every commercial e-mail for the
 * sender's postal address, so every automated e-mail ends with them and its unsubscribe link.
 */
export function CompanyDetailsSettings() {
  const view = useCompanySettings();
  const save = useSaveCompanySettings();
  const toast = useToast();
  const [form] = Form.useForm<CompanyDetails>();
  const headingId = useId();

  useEffect(() => {
    if (view.data) form.setFieldsValue(view.data);
  }, [view.data, form]);

  const submit = (values: CompanyDetails) => {
    const parsed = companyDetailsSchema.safeParse(values);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((issue) => ({ name: issue.path as never, errors: [issue.message] })));
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('Company details saved'),
      onError: (error) => {
        const rest = showServerIssues(form, error, FIELDS);
        if (rest.length > 0) toast.error('Could not save the company details', rest.join(' '));
      },
    });
  };

  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      title={
        <Typography.Title level={2} id={headingId} className="card-heading">
          Company details in e-mails
        </Typography.Title>
      }
    >
      {view.isError ? <QueryErrorAlert error={view.error} onRetry={() => void view.refetch()} /> : null}
      {view.isPending ? <LoadingSkeleton rows={3} /> : null}
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
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save company details'}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}
