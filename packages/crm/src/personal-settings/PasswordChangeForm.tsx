import { passwordChangeSchema } from '@shine/shared/auth';
import { MESSAGES } from '@shine/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { publicOperations } from '@shine/shared/operations/public';
import { call } from '../api/client.ts';
import { errorText } from '../ui/error-text.ts';
import { useSubmitValidation, zodRule } from '../ui/form-validation.ts';
import { sameAsRule } from '../ui/password-rules.ts';
import { useToast } from '../ui/use-toast.ts';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function PasswordChangeForm({ onDone }: { onDone: () => void }) {
  const [form] = Form.useForm<PasswordValues>();
  const toast = useToast();
  const { validateTrigger, markSubmitted } = useSubmitValidation();
  const change = useMutation({
    mutationFn: (values: { currentPassword: string; newPassword: string }) =>
      call(publicOperations.changePassword, { body: values }),
    onSuccess: () => {
      toast.success(MESSAGES.password.changed);
      form.resetFields();
      onDone();
    },
    onError: (error) => toast.error(MESSAGES.password.changeFailed, errorText(error)),
  });

  return (
    <Form<PasswordValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      validateTrigger={validateTrigger}
      onFinishFailed={markSubmitted}
      onFinish={(values) => {
        markSubmitted();
        change.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      }}
    >
      <Form.Item
        label="Current password"
        name="currentPassword"
        rules={[zodRule(passwordChangeSchema, 'currentPassword')]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      {/* The rule up front: sign-in trims what is typed, so edge spaces are refused (newPasswordSchema). */}
      <Form.Item
        label="New password"
        name="newPassword"
        extra={MESSAGES.password.newPasswordRule}
        rules={[zodRule(passwordChangeSchema, 'newPassword')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Confirm new password"
        name="confirmPassword"
        dependencies={['newPassword']}
        rules={[sameAsRule('newPassword')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {change.isPending ? 'Changing...' : 'Change Password'}
      </Button>
    </Form>
  );
}
