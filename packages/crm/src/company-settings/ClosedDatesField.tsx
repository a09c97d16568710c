// Settings → Scheduling's closed days: the dates chosen (each removable), any date added by hand, and
// the US federal holidays of the next 12 months offered with one click each (or all at once). The
// list stays sorted and each date once; the server keeps it so too.
import { upcomingUsFederalHolidays } from '@shine/shared/holidays';
import { Button, Input, Space, Tag, Typography } from 'antd';
import { useId, useMemo, useState } from 'react';
import { businessDateOf, formatCalendarDate } from '../format/date-time.ts';

const sorted = (dates: readonly string[]) => [...new Set(dates)].sort();

export function ClosedDatesField({ value = [], onChange }: { value?: string[]; onChange?: (dates: string[]) => void }) {
  const inputId = useId();
  const [picked, setPicked] = useState('');
  const today = businessDateOf(new Date());
  const holidays = useMemo(() => upcomingUsFederalHolidays(today), [today]);
  const chosen = new Set(value);
  const change = (dates: readonly string[]) => onChange?.(sorted(dates));
  const missing = holidays.filter((holiday) => !chosen.has(holiday.date));
  const add = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(picked)) return;
    change([...value, picked]);
    setPicked('');
  };

  return (
    <fieldset className="scheduling-day closed-dates">
      <legend>Closed days</legend>
      <Typography.Paragraph className="muted">
        No arrival window is offered on a closed day. A recurring visit that falls on one moves to the next free window
        and is flagged on the Schedule; visits already booked on a date you close stay, flagged for you to move or skip.
      </Typography.Paragraph>
      {value.length === 0 ? (
        <Typography.Paragraph>No closed days.</Typography.Paragraph>
      ) : (
        <ul className="closed-dates-list" aria-label="Closed days">
          {value.map((date) => (
            <li key={date}>
              <Tag>{formatCalendarDate(date)}</Tag>
              <Button
                size="small"
                type="link"
                aria-label={`Remove ${formatCalendarDate(date)}`}
                onClick={() => change(value.filter((other) => other !== date))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Space wrap align="end">
        <span>
          <label htmlFor={inputId}>Close another date</label>
          <Input
            id={inputId}
            type="date"
            value={picked}
            min={today}
            onChange={(event) => setPicked(event.target.value)}
            onPressEnter={(event) => {
              event.preventDefault();
              add();
            }}
          />
        </span>
        <Button onClick={add} disabled={!picked}>
          Add date
        </Button>
      </Space>
      <Typography.Paragraph strong className="closed-dates-holidays-title">
        US federal holidays, next 12 months
      </Typography.Paragraph>
      <ul className="closed-dates-holidays">
        {holidays.map((holiday) => (
          <li key={holiday.date}>
            <Button size="small" disabled={chosen.has(holiday.date)} onClick={() => change([...value, holiday.date])}>
              {chosen.has(holiday.date) ? 'Closed: ' : 'Close '}
              {holiday.name}, {formatCalendarDate(holiday.date)}
            </Button>
          </li>
        ))}
      </ul>
      <Button
        disabled={missing.length === 0}
        onClick={() => change([...value, ...missing.map((holiday) => holiday.date)])}
      >
        Close on every holiday
      </Button>
    </fieldset>
  );
}
