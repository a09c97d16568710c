import { userCreateSchema } from '@shine/shared/team';
import type { UserRole } from '@shine/shared/enums';
import { Form, Input, Modal } from 'antd';
import { useSubmitValidation, validateOrFocusFirstError, zodRule } from '../ui/form-validation.ts';
import { showServerIssues } from '../ui/server-issues.ts';
import { useToast } from '../ui/use-toast.ts';
import { AlertPhoneField, NameField, RoleField } from './person-fields.tsx';
import type { IssuedLink } from './SetupLinkDialog.tsx';
import { useCreateUser } from './team.hooks.ts';

interface AddPersonValues {
  name: string;
  email: string;
  role: UserRole;
  phone: string;
}

const FIELDS = ['name', 'email', 'role', 'phone'] as const;
const rule = (field: string) => zodRule(userCreateSchema, field);

/** Add person: name, e-mail (their sign-in), role and a phone for alerts; answers with their set-up link. */
export function AddPersonDialog({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (link: IssuedLink) => void;
}) {
  const [form] = Form.useForm<AddPersonValues>();
  const create = useCreateUser();
  const toast = useToast();
  const { validateTrigger, markSubmitted, reset } = useSubmitValidation();

  const close = () => {
    reset();
    onClose();
  };

  const submit = async () => {
    markSubmitted();
    const values = await validateOrFocusFirstError(form);
    if (!values) return;
    const parsed = userCreateSchema.safeParse(values);
    if (!parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        toast.success(`${created.user.name} was added`);
        close();
        onAdded({
          name: created.user.name,
          email: created.user.email,
          setupUrl: created.setupUrl,
          expiresAt: created.expiresAt,
          emailed: created.emailed,
        });
      },
      onError: (error) => {
        const rest = showServerIssues(form, error, FIELDS);
        if (rest.length > 0) toast.error('Could not add this person', rest.join(' '));
      },
    });
  };

  return (
    <Modal
      title="Add person"
      open={open}
      onCancel={close}
      onOk={() => void submit()}
      okText={create.isPending ? 'Adding...' : 'Add person'}
      okButtonProps={{ loading: create.isPending }}
      destroyOnHidden
    >
      <Form<AddPersonValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        preserve={false}
        validateTrigger={validateTrigger}
        initialValues={{ name: '', email: '', role: 'sales', phone: '' }}
      >
        <NameField rule={rule('name')} />
        <Form.Item label="Email" name="email" rules={[rule('email')]} extra="They sign in with this address.">
          <Input type="email" inputMode="email" autoComplete="off" maxLength={254} />
        </Form.Item>
        <RoleField rule={rule('role')} />
        <AlertPhoneField rule={rule('phone')} />
      </Form>
    </Modal>
  );
}
