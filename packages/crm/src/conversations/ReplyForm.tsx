import { SendOutlined } from '@ant-design/icons';
import { buildTemplateValues } from '@shine/shared/automation-rules';
import { type ConversationChannel, manualMessageSchema } from '@shine/shared/conversations';
import type { SentLeadMessage } from '@shine/shared/responses/conversations';
import { MANUAL_SMS_WITHOUT_CONSENT_WARNING } from '@shine/shared/sms-consent';
import { renderTemplate } from '@shine/shared/template-render';
import type { Lead } from '@shine/shared/types';
import { Alert, Button, Form, Input, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTemplates } from '../templates/index.ts';
import { errorText } from '../ui/error-text.ts';
import { useToast } from '../ui/use-toast.ts';
import { CHANNEL_LABELS } from './message-labels.ts';
import { useSendMessage } from './conversations.hooks.ts';

/** Why the last send did not reach the customer (a refusal, or a delivery that failed). */
function deliveryProblem(sent: SentLeadMessage): string | null {
  if (sent.message.status === 'failed' || sent.message.status === 'not_sent') {
    return `The message was saved but not delivered: ${sent.message.reason ?? 'no reason given'}`;
  }
  return null;
}

export const SMS_OPTED_OUT_NOTICE =
  'Texts are off: this number answered STOP. Only the customer can turn them back on, by texting START.';

/** Reply by e-mail or text from the lead's drawer, optionally starting from a template with its placeholders filled. */
export function ReplyForm({ lead }: { lead: Lead }) {
  const toast = useToast();
  const send = useSendMessage(lead.id);
  const templates = useTemplates();
  const [channel, setChannel] = useState<ConversationChannel>(lead.email ? 'email' : 'sms');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [templateId, setTemplateId] = useState<string | undefined>();
  const [issues, setIssues] = useState<Partial<Record<'subject' | 'body', string>>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const optedOut = channel === 'sms' && Boolean(lead.smsOptedOutAt);
  const withoutConsent = channel === 'sms' && !lead.smsOptedOutAt && !lead.smsConsent;
  const choices = (templates.data ?? []).filter((template) => template.isActive && template.type === channel);

  const chooseChannel = (next: ConversationChannel) => {
    setChannel(next);
    setTemplateId(undefined);
    setIssues({});
    setProblem(null);
  };

  const applyTemplate = (id: string) => {
    const template = choices.find((choice) => choice.id === id);
    if (!template) return;
    const values = buildTemplateValues(lead);
    setTemplateId(id);
    setBody(renderTemplate(template.content, values));
    if (channel === 'email') setSubject(renderTemplate(template.subject ?? '', values));
  };

  const submit = () => {
    setProblem(null);
    const parsed = manualMessageSchema.safeParse(channel === 'email' ? { channel, subject, body } : { channel, body });
    if (!parsed.success) {
      const next: typeof issues = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'subject' || field === 'body') && !next[field]) next[field] = issue.message;
      }
      setIssues(next);
      return;
    }
    setIssues({});
    send.mutate(parsed.data, {
      onSuccess: (sent) => {
        const trouble = deliveryProblem(sent);
        if (trouble) {
          setProblem(trouble);
          return;
        }
        toast.success(channel === 'email' ? 'E-mail sent' : 'Text sent');
        setBody('');
        setSubject('');
        setTemplateId(undefined);
      },
      onError: (error) => setProblem(errorText(error) ?? 'The message could not be sent.'),
    });
  };

  return (
    <Form layout="vertical" className="reply-form" onFinish={submit} aria-label="Reply to the customer">
      <Form.Item label={<span id="reply-channel-label">Send as</span>}>
        <Radio.Group
          aria-labelledby="reply-channel-label"
          optionType="button"
          buttonStyle="solid"
          value={channel}
          onChange={(event) => chooseChannel(event.target.value as ConversationChannel)}
          options={[
            { value: 'email', label: CHANNEL_LABELS.email },
            { value: 'sms', label: CHANNEL_LABELS.sms },
          ]}
        />
      </Form.Item>
      {optedOut ? <Alert type="error" showIcon title={SMS_OPTED_OUT_NOTICE} /> : null}
      {withoutConsent ? <Alert type="warning" showIcon title={MANUAL_SMS_WITHOUT_CONSENT_WARNING} /> : null}
      <Form.Item label="Template" htmlFor="reply-template">
        <Select
          id="reply-template"
          allowClear
          placeholder={choices.length > 0 ? 'Start from a template' : 'No templates for this channel'}
          disabled={choices.length === 0}
          value={templateId}
          onChange={(id: string | undefined) => (id ? applyTemplate(id) : setTemplateId(undefined))}
          options={choices.map((template) => ({ value: template.id, label: template.name }))}
        />
      </Form.Item>
      {channel === 'email' ? (
        <Form.Item
          label="Subject"
          htmlFor="reply-subject"
          validateStatus={issues.subject ? 'error' : undefined}
          help={issues.subject}
        >
          <Input id="reply-subject" value={subject} onChange={(event) => setSubject(event.target.value)} />
        </Form.Item>
      ) : null}
      <Form.Item
        label="Message"
        htmlFor="reply-body"
        validateStatus={issues.body ? 'error' : undefined}
        help={issues.body}
      >
        <Input.TextArea
          id="reply-body"
          value={body}
          autoSize={{ minRows: 3, maxRows: 10 }}
          onChange={(event) => setBody(event.target.value)}
        />
      </Form.Item>
      {problem ? <Alert type="error" showIcon title={problem} role="alert" /> : null}
      <Button
        type="primary"
        htmlType="submit"
        className="touch-target"
        icon={<SendOutlined aria-hidden="true" />}
        loading={send.isPending}
        disabled={optedOut}
      >
        {channel === 'email' ? 'Send e-mail' : 'Send text'}
      </Button>
    </Form>
  );
}
