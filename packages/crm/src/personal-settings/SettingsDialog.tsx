import { Divider, Modal, Typography } from 'antd';
import { NewLeadAlertSettingsForm } from '../new-lead-alerts/index.ts';
import { useSession } from '../session/session.ts';
import { usePlatform } from '../platform/platform.ts';
import { PasswordChangeForm } from './PasswordChangeForm.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { ServerSettingsForm } from './ServerSettingsForm.tsx';

interface SettingsDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Settings: the signed-in user's own name, phone for alerts and away, and their password; in the
 * desktop app the server URL is set here too (the section is absent in the browser).
 */
export function SettingsDialog({ open, onClose }: SettingsDialogProps) {
  const session = useSession();
  const { server } = usePlatform();
  const user = session.data?.isAuthenticated ? session.data.user : undefined;

  return (
    <Modal title="Settings" open={open} onCancel={onClose} footer={null} destroyOnHidden width={520}>
      {server ? (
        <section aria-labelledby="settings-server-heading">
          <Typography.Title level={2} id="settings-server-heading" className="settings-heading">
            Server
          </Typography.Title>
          <ServerSettingsForm server={server} />
        </section>
      ) : null}
      {server && user ? <Divider /> : null}
      {user ? (
        <>
          <ProfileSection user={user} />
          <Divider />
        </>
      ) : null}
      {user ? (
        <section aria-labelledby="settings-password-heading">
          <Typography.Title level={2} id="settings-password-heading" className="settings-heading">
            Change Password
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            Signed in as <Typography.Text strong>{user.username}</Typography.Text>
          </Typography.Paragraph>
          <PasswordChangeForm onDone={onClose} />
        </section>
      ) : null}
      {user ? (
        <>
          <Divider />
          <section aria-labelledby="settings-alerts-heading">
            <Typography.Title level={2} id="settings-alerts-heading" className="settings-heading">
              New-Lead Alerts
            </Typography.Title>
            <NewLeadAlertSettingsForm />
          </section>
        </>
      ) : null}
      {!server && !user ? <Typography.Paragraph>Sign in to change your password.</Typography.Paragraph> : null}
    </Modal>
  );
}
