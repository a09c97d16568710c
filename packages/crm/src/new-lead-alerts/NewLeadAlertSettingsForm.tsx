import {
  type NewLeadAlertSettingsUpdate,
  DEFAULT_NEW_LEAD_ALERT_SETTINGS,
  type QuietHours,
} from '@shine/shared/new-lead-alerts';
import { Alert, Input, Space, Switch, Typography } from 'antd';
import { useId, useMemo, useState } from 'react';
import { businessZoneLabel } from '../format/date-time.ts';
import { usePlatform } from '../platform/platform.ts';
import { errorText } from '../ui/error-text.ts';
import { useNewLeadAlertSettings, useNewLeadAlertSettingsMutation } from './new-lead-alerts.hooks.ts';
import { browserNotifications } from './browser-notifications.ts';

/** One end of the quiet hours, saved when the field is left. */
function QuietTime({
  id,
  label,
  hours,
  end,
  onChange,
}: {
  id: string;
  label: string;
  hours: QuietHours;
  end: keyof QuietHours;
  onChange: (change: NewLeadAlertSettingsUpdate) => void;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <Input
        id={id}
        type="time"
        className="alert-time"
        defaultValue={hours[end]}
        onBlur={(e) => e.target.value && onChange({ quietHours: { ...hours, [end]: e.target.value } })}
      />
    </>
  );
}

/** The person's new-lead alerts; each change is saved at once (and follows them to every device). */
export function NewLeadAlertSettingsForm() {
  const settings = useNewLeadAlertSettings();
  const save = useNewLeadAlertSettingsMutation();
  const { notifications } = usePlatform();
  const system = useMemo(() => notifications ?? browserNotifications(), [notifications]);
  const [blocked, setBlocked] = useState(false);
  const ids = { toast: useId(), sound: useId(), system: useId(), quiet: useId(), from: useId(), to: useId() };
  const value = settings.data ?? DEFAULT_NEW_LEAD_ALERT_SETTINGS;
  const update = (change: NewLeadAlertSettingsUpdate) => save.mutate(change);

  const setSystem = async (on: boolean) => {
    setBlocked(false);
    if (on && system && system.permission() !== 'granted') {
      // Asked from this click: browsers refuse to ask at any other moment.
      if ((await system.requestPermission()) !== 'granted') {
        setBlocked(true);
        return;
      }
    }
    update({ systemNotifications: on });
  };

  const row = (id: string, label: string, control: React.ReactNode, hint?: string) => (
    <div className="alert-setting">
      <label htmlFor={id}>
        {label}
        {hint ? <Typography.Text type="secondary"> {hint}</Typography.Text> : null}
      </label>
      {control}
    </div>
  );

  return (
    <Space direction="vertical" size="small" className="alert-settings">
      {row(
        ids.toast,
        'Show a toast for each new lead',
        <Switch id={ids.toast} checked={value.newLeadToast} onChange={(on) => update({ newLeadToast: on })} />,
      )}
      {row(
        ids.sound,
        'Play a sound',
        <Switch id={ids.sound} checked={value.sound} onChange={(on) => update({ sound: on })} />,
      )}
      {row(
        ids.system,
        'System notifications',
        <Switch
          id={ids.system}
          checked={value.systemNotifications}
          disabled={!system}
          onChange={(on) => void setSystem(on)}
        />,
        system ? '(when the CRM is in the background)' : '(not available in this browser)',
      )}
      {blocked ? (
        <Alert
          type="warning"
          showIcon
          title="Notifications are blocked for this site. Allow them in the browser's site settings, then try again."
        />
      ) : null}
      {row(
        ids.quiet,
        'Quiet hours',
        <Switch
          id={ids.quiet}
          checked={value.quietHours !== null}
          onChange={(on) => update({ quietHours: on ? { start: '21:00', end: '07:00' } : null })}
        />,
        `(no sound or notification; times in ${businessZoneLabel()})`,
      )}
      {value.quietHours ? (
        <Space wrap>
          <QuietTime id={ids.from} label="From" hours={value.quietHours} end="start" onChange={update} />
          <QuietTime id={ids.to} label="to" hours={value.quietHours} end="end" onChange={update} />
        </Space>
      ) : null}
      {save.isError ? <Alert type="error" showIcon title={errorText(save.error)} /> : null}
    </Space>
  );
}
