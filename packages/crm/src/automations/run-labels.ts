import type { AutomationRunStatus, MessageStatus } from '@shine/shared/automation-rules';
import { colors } from '@shine/design-tokens';

export const RUN_STATUS_LABELS: Record<AutomationRunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  retrying: 'Retrying',
  succeeded: 'Done',
  failed: 'Failed',
  skipped: 'Skipped',
  held: 'Held',
};

/** Text colours with AA contrast on white. */
export const RUN_STATUS_COLORS: Record<AutomationRunStatus, string> = {
  queued: colors.textMuted,
  running: colors.primary,
  retrying: colors.warning,
  succeeded: colors.success,
  failed: colors.danger,
  skipped: colors.textMuted,
  held: colors.warning,
};

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  pending: 'Retrying',
  sent: 'Sent',
  not_sent: 'Not sent',
  failed: 'Failed',
  held: 'Held',
};

export const MESSAGE_STATUS_COLORS: Record<MessageStatus, string> = {
  pending: colors.warning,
  sent: colors.success,
  not_sent: colors.textMuted,
  failed: colors.danger,
  held: colors.warning,
};
