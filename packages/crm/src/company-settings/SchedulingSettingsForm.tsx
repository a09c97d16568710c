// Settings → Scheduling (admins, in the Team section beside the company's other settings): the crews
// (one name a line; a crew's number is its line), each weekday's hours and arrival windows (a day
// without hours takes no cleanings), the window length, the online lead time per cleaning type and
// the closed days (US federal holidays offered with one click: ClosedDatesField).
// The shared schema checks it before anything is sent; its problems show beside their fields.
import {
  type SchedulingSettings,
  schedulingSettingsSchema,
  WEEKDAY_LABELS,
  type WorkingDay,
} from '@shine/shared/scheduling';
import { Button, Form, Input, InputNumber, Typography } from 'antd';
import { useEffect } from 'react';
import { errorText } from '../ui/error-text.ts';
import { useToast } from '../ui/use-toast.ts';
import { ClosedDatesField } from './ClosedDatesField.tsx';
import { SettingsCard } from '../ui/SettingsCard.tsx';
import { useSaveSchedulingSettings, useSchedulingSettings } from '../schedule/index.ts';
import './scheduling-settings.css';

/** The form's flat fields: one text per day part, numbers for the rest. */
type FormValues = Record<string, string | number | string[] | undefined>;

const LEAD_FIELDS = { Basic: 'leadBasic', Deep: 'leadDeep', 'Move In/Out': 'leadMove' } as const;

export function toFormValues(settings: SchedulingSettings): FormValues {
  const values: FormValues = {
    crews: settings.crews.join('\n'),
    windowMinutes: settings.windowMinutes,
    leadBasic: settings.leadTimeHours.Basic,
    leadDeep: settings.leadTimeHours.Deep,
    leadMove: settings.leadTimeHours['Move In/Out'],
    bookingHorizonWeeks: settings.bookingHorizonWeeks,
    closedDates: settings.closedDates,
  };
  settings.days.forEach((day, index) => {
    values[`open${index}`] = day?.open ?? '';
    values[`close${index}`] = day?.close ?? '';
    values[`windows${index}`] = day?.windows.join(', ') ?? '';
  });
  return values;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The settings the form says (a day with no opening time is closed); the schema judges them. */
export function fromFormValues(values: FormValues): unknown {
  const days: Array<WorkingDay | null> = WEEKDAY_LABELS.map((_, index) => {
    const open = text(values[`open${index}`]);
    if (!open) return null;
    const windows = text(values[`windows${index}`])
      .split(/[,\s]+/)
      .filter(Boolean);
    return { open, close: text(values[`close${index}`]), windows };
  });
  return {
    crews: text(values.crews)
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    days,
    windowMinutes: values.windowMinutes,
    leadTimeHours: { Basic: values.leadBasic, Deep: values.leadDeep, 'Move In/Out': values.leadMove },
    bookingHorizonWeeks: values.bookingHorizonWeeks,
    closedDates: Array.isArray(values.closedDates) ? values.closedDates : [],
  };
}

/** A schema issue's path → the form field it belongs to. */
export function fieldOf(path: readonly PropertyKey[]): string {
  const [first, index, part] = path.map(String);
  if (first === 'days') return `${part === 'close' ? 'close' : part === 'open' ? 'open' : 'windows'}${index}`;
  if (first === 'leadTimeHours') return LEAD_FIELDS[index as keyof typeof LEAD_FIELDS] ?? 'leadBasic';
  return first ?? 'crews';
}

export function SchedulingSettingsForm() {
  const view = useSchedulingSettings();
  const save = useSaveSchedulingSettings();
  const toast = useToast();
  const [form] = Form.useForm<FormValues>();

  useEffect(() => {
    if (view.data) form.setFieldsValue(toFormValues(view.data));
  }, [view.data, form]);

  const submit = (values: FormValues) => {
    const parsed = schedulingSettingsSchema.safeParse(fromFormValues(values));
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((issue) => ({ name: fieldOf(issue.path), errors: [issue.message] })));
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('Scheduling settings saved'),
      onError: (error) => toast.error('Could not save the scheduling settings', errorText(error)),
    });
  };

  return (
    <SettingsCard title="Scheduling" view={view} skeletonRows={6}>
      {view.data ? (
        <Form<FormValues> form={form} name="scheduling" layout="vertical" requiredMark={false} onFinish={submit}>
          <Typography.Paragraph className="muted">
            Customers book these arrival windows online from their accepted quote; each visit keeps one crew busy for
            its expected length. Visits already booked stay where they are.
          </Typography.Paragraph>
          <Form.Item name="crews" label="Crews (one name a line)">
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item name="windowMinutes" label="Arrival window (minutes)">
            <InputNumber min={30} max={240} step={30} />
          </Form.Item>
          {WEEKDAY_LABELS.map((label, index) => (
            <fieldset key={label} className="scheduling-day">
              <legend>{label}</legend>
              <Form.Item name={`open${index}`} label="Opens (empty: closed)">
                <Input placeholder="08:00" />
              </Form.Item>
              <Form.Item name={`close${index}`} label="Closes">
                <Input placeholder="18:00" />
              </Form.Item>
              <Form.Item name={`windows${index}`} label="Arrival windows start at">
                <Input placeholder="08:00, 10:00, 12:00, 14:00" />
              </Form.Item>
            </fieldset>
          ))}
          <Form.Item name="leadBasic" label="Online lead time, Basic (hours)">
            <InputNumber min={0} max={1440} />
          </Form.Item>
          <Form.Item name="leadDeep" label="Online lead time, Deep (hours)">
            <InputNumber min={0} max={1440} />
          </Form.Item>
          <Form.Item name="leadMove" label="Online lead time, Move In/Out (hours)">
            <InputNumber min={0} max={1440} />
          </Form.Item>
          <Form.Item name="bookingHorizonWeeks" label="Customers book online up to (weeks ahead)">
            <InputNumber min={1} max={52} />
          </Form.Item>
          <Form.Item name="closedDates">
            <ClosedDatesField />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save scheduling settings'}
          </Button>
        </Form>
      ) : null}
    </SettingsCard>
  );
}
