import { USER_ROLES } from '@shine/shared/enums';
import type { FormRule } from 'antd';
import { Form, Input, Select } from 'antd';
import { ROLE_LABELS } from './person-status.ts';

export const ROLE_OPTIONS = USER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** What each role may do, said where the role is chosen. */
export const ROLE_HELP = 'Sales work leads and activities; admins also manage the team, automations and templates.';

/** The phone-for-alerts field of the Add, Edit and own-settings forms. */
export function AlertPhoneField({ rule, extra }: { rule: FormRule; extra?: string }) {
  return (
    <Form.Item label="Phone for alerts" name="phone" rules={[rule]} extra={extra ?? 'Optional. Used for SMS alerts.'}>
      <Input type="tel" inputMode="tel" autoComplete="tel" maxLength={40} placeholder="(214) 555-0100" />
    </Form.Item>
  );
}

export function RoleField({ rule }: { rule: FormRule }) {
  return (
    <Form.Item label="Role" name="role" rules={[rule]} extra={ROLE_HELP}>
      <Select options={ROLE_OPTIONS} />
    </Form.Item>
  );
}

export function NameField({ rule }: { rule: FormRule }) {
  return (
    <Form.Item label="Name" name="name" rules={[rule]}>
      <Input maxLength={100} autoComplete="name" />
    </Form.Item>
  );
}
