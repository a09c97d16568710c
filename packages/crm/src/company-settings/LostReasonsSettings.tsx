import { type LostReasons, lostReasonsSchema, OTHER_LOST_REASON } from '@shine/shared/lost-reasons';
import { Button, Form, Input, Typography } from 'antd';
import { useEffect } from 'react';
import { useLostReasons, useSaveLostReasons } from '../lost-reasons/index.ts';
import { useToast } from '../ui/use-toast.ts';
import { errorText } from '../ui/error-text.ts';
import { SettingsCard } from '../ui/SettingsCard.tsx';

interface LostReasonsForm {
  /** One reason a line, as a person edits a short list. */
  text: string;
}

const toText = (value: LostReasons) => value.reasons.join('\n');

/** The reasons offered when a lead moves to Lost (admins); "Other" with a note always follows them. */
export function LostReasonsSettings() {
  const view = useLostReasons();
  const save = useSaveLostReasons();
  const toast = useToast();
  const [form] = Form.useForm<LostReasonsForm>();

  useEffect(() => {
    if (view.data) form.setFieldsValue({ text: toText(view.data) });
  }, [view.data, form]);

  const submit = ({ text }: LostReasonsForm) => {
    const reasons = text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    // The list is one field here: every issue of the schema or the server shows under it.
    const parsed = lostReasonsSchema.safeParse({ reasons });
    if (!parsed.success) {
      form.setFields([{ name: 'text', errors: parsed.error.issues.map((issue) => issue.message) }]);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('Lost reasons saved'),
      onError: (error) =>
        form.setFields([{ name: 'text', errors: [errorText(error) ?? 'Could not save the lost reasons'] }]),
    });
  };

  return (
    <SettingsCard title="Lost reasons" view={view} skeletonRows={3}>
      {view.data ? (
        <Form<LostReasonsForm> form={form} name="lostReasons" layout="vertical" requiredMark={false} onFinish={submit}>
          <Typography.Paragraph className="muted">
            Asked for when a lead moves to Lost, and counted in Analytics. &ldquo;{OTHER_LOST_REASON}&rdquo;, with a
            note, is always offered after these. Leads keep the reason they were given.
          </Typography.Paragraph>
          <Form.Item name="text" label="Reasons, one a line">
            <Input.TextArea rows={6} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save lost reasons'}
          </Button>
        </Form>
      ) : null}
    </SettingsCard>
  );
}
