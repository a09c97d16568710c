import { CheckCircleOutlined, LockOutlined } from '@ant-design/icons';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { MESSAGES } from '@shine/shared/messages';
import { setupPasswordSchema } from '@shine/shared/team';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { teamOperations } from '@shine/shared/operations/team';
import { send } from '../api/client.ts';
import { readErrorMessage } from '../api/http-error.ts';
import { ButtonLink } from '../ui/ButtonLink.tsx';
import { useSubmitValidation, zodRule } from '../ui/form-validation.ts';
import { sameAsRule } from '../ui/password-rules.ts';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import './login.css';

interface SetupValues {
  password: string;
  confirmPassword: string;
}

type Outcome = { kind: 'idle' } | { kind: 'done' } | { kind: 'refused'; message: string };

/** What the server said of the link when the page opened (POST /api/setup-password/check). */
type LinkState = { kind: 'checking' } | { kind: 'usable' } | { kind: 'refused'; message: string };

const NO_ANSWER = 'The server did not answer. Check your connection and try again.';

/**
 * The page a set-up link opens (`/admin/setup-password/{token}`, or `?token=`): a new person, or one
 * whose password an admin reset, chooses a password with the same rules as the password change.
 * Public: the token is the proof. The link is checked as the page opens (nothing is used up): an
 * expired, used, replaced or unknown link says so at once, with the server's message, and offers no
 * form. Without an answer the form stays: the submission gets the same answer.
 */
export function SetupPasswordPage() {
  useDocumentTitle('Choose your password');
  const [form] = Form.useForm<SetupValues>();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const token = params.token ?? searchParams.get('token') ?? '';
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    setLink({ kind: 'checking' });
    void (async () => {
      try {
        const response = await send(teamOperations.checkSetupLink, { body: { token } }, { signal: controller.signal });
        const next: LinkState = response.ok
          ? { kind: 'usable' }
          : { kind: 'refused', message: await readErrorMessage(response) };
        if (!controller.signal.aborted) setLink(next);
      } catch {
        if (!controller.signal.aborted) setLink({ kind: 'usable' });
      }
    })();
    return () => controller.abort();
  }, [token]);
  const { validateTrigger, markSubmitted } = useSubmitValidation();
  // The request's own schema (its password is newPasswordSchema, as in the password change).
  const passwordRule = zodRule(setupPasswordSchema, 'password', (values) => ({ token, password: values.password }));

  const onFinish = async (values: SetupValues) => {
    markSubmitted();
    setPending(true);
    try {
      const response = await send(teamOperations.setPasswordWithLink, { body: { token, password: values.password } });
      setOutcome(response.ok ? { kind: 'done' } : { kind: 'refused', message: await readErrorMessage(response) });
    } catch {
      setOutcome({ kind: 'refused', message: NO_ANSWER });
    } finally {
      setPending(false);
    }
  };

  return (
    <main className="login-page">
      <div className="login-card">
        <div className="login-brand" aria-hidden="true">
          {outcome.kind === 'done' ? <CheckCircleOutlined /> : <LockOutlined />}
        </div>
        <Typography.Title level={1} className="login-title">
          {outcome.kind === 'done' ? 'Your password is set' : 'Choose your password'}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="login-subtitle">
          {DEFAULT_COMPANY.name} staff area
        </Typography.Paragraph>
        {outcome.kind === 'done' ? (
          <div className="section-stack">
            <Alert type="success" showIcon title="You can now sign in with your e-mail address and this password." />
            <ButtonLink to="/" type="primary" size="large" block>
              Sign in
            </ButtonLink>
          </div>
        ) : token && link.kind === 'refused' ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={link.message}
            description="This link cannot set a password. Ask an admin of your team for a new one."
          />
        ) : token ? (
          <Form<SetupValues>
            form={form}
            layout="vertical"
            requiredMark={false}
            validateTrigger={validateTrigger}
            onFinish={onFinish}
            onFinishFailed={markSubmitted}
            disabled={pending || link.kind === 'checking'}
            initialValues={{ password: '', confirmPassword: '' }}
          >
            {outcome.kind === 'refused' ? (
              <Alert className="settings-alert" type="error" showIcon role="alert" title={outcome.message} />
            ) : null}
            <Form.Item
              label="New password"
              name="password"
              extra={MESSAGES.password.newPasswordRule}
              rules={[passwordRule]}
            >
              <Input.Password autoComplete="new-password" size="large" />
            </Form.Item>
            <Form.Item
              label="Confirm new password"
              name="confirmPassword"
              dependencies={['password']}
              rules={[sameAsRule('password')]}
            >
              <Input.Password autoComplete="new-password" size="large" />
            </Form.Item>
            <Button type="primary" htmlType="submit" size="large" block loading={pending}>
              {pending ? 'Saving...' : 'Set password'}
            </Button>
          </Form>
        ) : (
          <Alert
            type="error"
            showIcon
            title="This set-up link is incomplete"
            description="Open the whole link you were sent, or ask an admin of your team for a new one."
          />
        )}
        {outcome.kind === 'done' ? null : (
          <div className="login-footer">
            <ButtonLink to="/" type="link">
              Already have a password? Sign in
            </ButtonLink>
          </div>
        )}
      </div>
    </main>
  );
}
