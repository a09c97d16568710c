import { userUpdateSchema } from '@shine/shared/team';
import type { SessionUser } from '@shine/shared/types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import type { InputOf } from '@shine/shared/operations/operation';
import { teamOperations } from '@shine/shared/operations/team';
import { call } from '../api/client.ts';
import { assigneesKey, sessionQueryKey, teamUsersKey } from '../api/query-keys.ts';
import { endOfPickedDay, pickerValueOf } from '../format/picker-time.ts';
import { pickChanged, AlertPhoneField } from '../team/index.ts';
import { useSubmitValidation, zodRule } from '../ui/form-validation.ts';
import { showServerIssues } from '../ui/server-issues.ts';
import { useToast } from '../ui/use-toast.ts';

interface ProfileValues {
  name: string;
  phone: string;
  away: boolean;
  /** The picked day as the picker holds it (picker-time.ts): the business's calendar date. */
  awayUntil: Dayjs | null;
}

/** What the form knows of the person before they change it; phone is unknown to a sales user (see below). */
export interface ProfileStart {
  name: string;
  phone?: string | null;
  away: boolean;
  awayUntil: string | null;
}

const FIELDS = ['name', 'phone', 'away', 'awayUntil'] as const;

function toPayload(values: Partial<ProfileValues>) {
  const away = values.away ?? false;
  return {
    name: values.name ?? '',
    phone: values.phone?.trim() ? values.phone : null,
    away,
    awayUntil: away && values.awayUntil ? endOfPickedDay(values.awayUntil).toISOString() : null,
  };
}

const rule = (field: string) => zodRule(userUpdateSchema, field, toPayload);

/** PATCH /api/admin/me: refreshes the header's name, the pickers (away) and the Team list. */
function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: InputOf<typeof teamOperations.updateOwnSettings>['body']) =>
      call(teamOperations.updateOwnSettings, { body: changes }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: assigneesKey }),
        queryClient.invalidateQueries({ queryKey: teamUsersKey }),
      ]),
  });
}

/**
 * The signed-in person's own settings: display name, phone for alerts, and "Away" (round robin skips
 * them) with an optional return date. Only what they changed is sent.
 */
export function ProfileForm({ user, start }: { user: SessionUser; start: ProfileStart }) {
  const [form] = Form.useForm<ProfileValues>();
  const toast = useToast();
  const update = useUpdateProfile();
  const { validateTrigger, markSubmitted } = useSubmitValidation();
  const away = Form.useWatch('away', form) ?? start.away;
  // GET /api/admin/me does not carry the phone; an admin's comes from the Team list. Unknown, the
  // field starts empty and is sent only when typed in, so a number on file is never wiped unseen.
  const phoneKnown = start.phone !== undefined;

  const initial: ProfileValues = {
    name: start.name,
    phone: start.phone ?? '',
    away: start.away,
    awayUntil: start.awayUntil ? pickerValueOf(start.awayUntil) : null,
  };

  const onFinish = (values: ProfileValues) => {
    markSubmitted();
    const next = toPayload(values);
    const changes = pickChanged(toPayload(initial), next);
    if (Object.keys(changes).length === 0) {
      toast.success('Nothing to save');
      return;
    }
    const parsed = userUpdateSchema.safeParse(changes);
    if (!parsed.success) return;
    update.mutate(parsed.data, {
      onSuccess: () => toast.success('Your settings are saved'),
      onError: (error) => {
        const rest = showServerIssues(form, error, FIELDS);
        if (rest.length > 0) toast.error('Could not save your settings', rest.join(' '));
      },
    });
  };

  return (
    <Form<ProfileValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      validateTrigger={validateTrigger}
      initialValues={initial}
      onFinish={onFinish}
      onFinishFailed={markSubmitted}
      aria-label={`Settings of ${user.name}`}
    >
      <Form.Item label="Display name" name="name" rules={[rule('name')]}>
        <Input maxLength={100} autoComplete="name" />
      </Form.Item>
      <AlertPhoneField
        rule={rule('phone')}
        extra={phoneKnown ? undefined : 'Type a number to set or replace the one on file; left empty, nothing changes.'}
      />
      <Form.Item
        label="Away"
        name="away"
        valuePropName="checked"
        extra="While you are away, round robin gives new leads to others."
      >
        <Switch />
      </Form.Item>
      {away ? (
        <Form.Item label="Back on (optional)" name="awayUntil" rules={[rule('awayUntil')]}>
          <DatePicker
            className="full-width"
            format="MMM D, YYYY"
            disabledDate={(day) => day.isBefore(pickerValueOf(new Date()), 'day')}
          />
        </Form.Item>
      ) : null}
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save settings'}
      </Button>
    </Form>
  );
}
