import { LockOutlined } from '@ant-design/icons';
import { Alert } from 'antd';

/**
 * Said once at the top of a screen a sales user may read but not change (automations, templates),
 * where the controls that change it are left out: a note every user reaches by keyboard and screen
 * reader, unlike a tooltip on a disabled button.
 */
export function ReadOnlyNote({ what }: { what: string }) {
  return (
    <Alert
      type="info"
      showIcon
      icon={<LockOutlined aria-hidden="true" />}
      title={`Only admins can change ${what}.`}
      description="You can see everything here; ask an admin of your team for a change."
    />
  );
}
