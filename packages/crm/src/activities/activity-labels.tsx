import {
  CalendarOutlined,
  CheckSquareOutlined,
  FileTextOutlined,
  MailOutlined,
  PhoneOutlined,
} from '@ant-design/icons';
import type { ActivityStatus, ActivityType, CallOutcome } from '@shine/shared/enums';
import type { ReactNode } from 'react';

export const ACTIVITY_TYPE_LABELS: Record<ActivityType, string> = {
  call: 'Call',
  email: 'Email',
  meeting: 'Meeting',
  note: 'Note',
  task: 'Task',
};

export const ACTIVITY_TYPE_ICONS: Record<ActivityType, ReactNode> = {
  call: <PhoneOutlined />,
  email: <MailOutlined />,
  meeting: <CalendarOutlined />,
  note: <FileTextOutlined />,
  task: <CheckSquareOutlined />,
};

export const ACTIVITY_STATUS_LABELS: Record<ActivityStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** At least 4.5:1 against white. */
/** How a call went, as a tag's tone: reached green, wrong number red, the rest grey. */
export const CALL_OUTCOME_COLORS: Record<CallOutcome, string> = {
  reached: '#067647',
  voicemail: '#4a5565',
  no_answer: '#4a5565',
  wrong_number: '#b42318',
};

export const ACTIVITY_STATUS_COLORS: Record<ActivityStatus, string> = {
  pending: '#b54708',
  completed: '#067647',
  cancelled: '#4a5565',
};
