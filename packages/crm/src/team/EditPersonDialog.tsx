import { userUpdateSchema } from '@shine/shared/team';
import type { UserRole } from '@shine/shared/enums';
import type { TeamUser } from '@shine/shared/types';
import { Form, InputNumber, Modal } from 'antd';
import { useSubmitValidation, validateOrFocusFirstError, zodRule } from '../ui/form-validation.ts';
import { showServerIssues } from '../ui/server-issues.ts';
import { useToast } from '../ui/use-toast.ts';
import { pickChanged } from './changed-fields.ts';
import { AlertPhoneField, NameField, RoleField } from './person-fields.tsx';
import { useUpdateUser } from './team.hooks.ts';

interface EditPersonValues {
  name: string;
  role: UserRole;
  phone: string | null;
  maxOpenLeads: number | null;
}

const FIELDS = ['name', 'role', 'phone', 'maxOpenLeads'] as const;
const toPayload = (values: Record<string, unknown>) => ({
  ...values,
  phone: typeof values.phone === 'string' && values.phone.trim() ? values.phone : null,
  maxOpenLeads: values.maxOpenLeads ?? null,
});
const rule = (field: string) => zodRule(userUpdateSchema, field, toPayload);

function initialValuesOf(user: TeamUser): EditPersonValues {
  return { name: user.name, role: user.role, phone: user.phone, maxOpenLeads: user.maxOpenLeads };
}

/** Edit a person: name, role, phone for alerts and their open-lead cap for round robin. */
export function EditPersonDialog({ user, onClose }: { user: TeamUser | undefined; onClose: () => void }) {
  const [form] = Form.useForm<EditPersonValues>();
  const update = useUpdateUser();
  const toast = useToast();
  const { validateTrigger, markSubmitted, reset } = useSubmitValidation();

  const close = () => {
    reset();
    onClose();
  };

  const submit = async () => {
    if (!user) return;
    markSubmitted();
    if (!(await validateOrFocusFirstError(form))) return;
    const changes = pickChanged(initialValuesOf(user), toPayload(form.getFieldsValue(true)));
    if (Object.keys(changes).length === 0) return close();
    const parsed = userUpdateSchema.safeParse(changes);
    if (!parsed.success) return;
    update.mutate(
      { id: user.id, changes: parsed.data },
      {
        onSuccess: (saved) => {
          toast.success(`${saved.name} was updated`);
          close();
        },
        onError: (error) => {
          const rest = showServerIssues(form, error, FIELDS);
          if (rest.length > 0) toast.error('Could not save the changes', rest.join(' '));
        },
      },
    );
  };

  return (
    <Modal
      title={user ? `Edit ${user.name}` : 'Edit person'}
      open={Boolean(user)}
      onCancel={close}
      onOk={() => void submit()}
      okText={update.isPending ? 'Saving...' : 'Save Changes'}
      okButtonProps={{ loading: update.isPending }}
      destroyOnHidden
    >
      {user ? (
        <Form<EditPersonValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          preserve={false}
          validateTrigger={validateTrigger}
          initialValues={initialValuesOf(user)}
        >
          <NameField rule={rule('name')} />
          <RoleField rule={rule('role')} />
          <AlertPhoneField rule={rule('phone')} />
          <Form.Item
            label="Open-lead cap"
            name="maxOpenLeads"
            rules={[rule('maxOpenLeads')]}
            extra="Round robin skips them while they hold this many open leads. Empty: no cap."
          >
            <InputNumber<number> min={1} max={10_000} precision={0} className="full-width" placeholder="No cap" />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
