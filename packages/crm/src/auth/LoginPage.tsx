import { ArrowLeftOutlined, LockOutlined, MailOutlined, SettingOutlined } from '@ant-design/icons';
import { loginSchema } from '@shine/shared/auth';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { MESSAGES } from '@shine/shared/messages';
import { Button, Form, Input, type InputRef, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useHref } from 'react-router-dom';
import { usePlatform } from '../platform/platform.ts';
import { useSettingsDialog } from '../personal-settings/index.ts';
import { useSubmitValidation, zodRule } from '../ui/form-validation.ts';
import { useToast } from '../ui/use-toast.ts';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import { signIn } from './login.ts';
import { useSession } from '../session/session.ts';
import './login.css';
import { sectionPath } from '../navigation/index.ts';

/** The pause between the success toast and the dashboard, so the toast can be read. */
const REDIRECT_DELAY_MS = 500;

interface LoginValues {
  username: string;
  password: string;
}

export function LoginPage() {
  useDocumentTitle('Admin Login');
  const [form] = Form.useForm<LoginValues>();
  const toast = useToast();
  const session = useSession();
  const dashboardHref = useHref('/dashboard');
  // A salesperson's day starts on My Day (docs/decisions.md, "My Day"); an admin's on the dashboard.
  const myDayHref = useHref(sectionPath('my-day'));
  const [pending, setPending] = useState(false);
  const { validateTrigger, markSubmitted } = useSubmitValidation();
  const settings = useSettingsDialog();
  // Only where the user picks the server (the desktop app) is there anything to set before signing in.
  const canChooseServer = usePlatform().server !== undefined;

  const usernameRef = useRef<InputRef>(null);
  useEffect(() => {
    usernameRef.current?.focus();
  }, []);

  if (session.data?.isAuthenticated && !pending) {
    return <Navigate to={session.data.user?.role === 'sales' ? sectionPath('my-day') : '/dashboard'} replace />;
  }

  const onFinish = async (values: LoginValues) => {
    markSubmitted();
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) return;
    setPending(true);
    const outcome = await signIn(parsed.data);
    if (!outcome.ok) {
      setPending(false);
      toast.error(MESSAGES.login.failedTitle, outcome.message);
      return;
    }
    toast.success(MESSAGES.login.successTitle, MESSAGES.login.successText);
    // docs/requirements.md#login: a 500 ms pause, then a full navigation so the dashboard starts from a clean state.
    const landing = outcome.session.user?.role === 'sales' ? myDayHref : dashboardHref;
    window.setTimeout(() => window.location.assign(landing), REDIRECT_DELAY_MS);
  };

  return (
    <main className="login-page">
      <div className="login-card">
        <div className="login-brand" aria-hidden="true">
          <LockOutlined />
        </div>
        <Typography.Title level={1} className="login-title">
          Admin Login
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="login-subtitle">
          {DEFAULT_COMPANY.name} staff area
        </Typography.Paragraph>
        <Form<LoginValues>
          form={form}
          name="login"
          layout="vertical"
          requiredMark={false}
          validateTrigger={validateTrigger}
          onFinish={onFinish}
          onFinishFailed={markSubmitted}
          disabled={pending}
          initialValues={{ username: '', password: '' }}
        >
          <Form.Item label="Email" name="username" rules={[zodRule(loginSchema, 'username')]}>
            <Input
              ref={usernameRef}
              prefix={<MailOutlined aria-hidden="true" />}
              autoComplete="username"
              inputMode="email"
              placeholder="you@example.com"
              size="large"
            />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[zodRule(loginSchema, 'password')]}>
            <Input.Password prefix={<LockOutlined aria-hidden="true" />} autoComplete="current-password" size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={pending}>
            {pending ? 'Logging in...' : 'Login to Dashboard'}
          </Button>
        </Form>
        <div className="login-footer">
          <a href="/" className="login-back">
            <ArrowLeftOutlined aria-hidden="true" /> Back to Home
          </a>
          {canChooseServer ? (
            <Button type="link" icon={<SettingOutlined aria-hidden="true" />} onClick={settings.open}>
              Server settings
            </Button>
          ) : null}
        </div>
      </div>
    </main>
  );
}
