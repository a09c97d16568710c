import { LogoutOutlined, SettingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useLogout } from '../session/use-logout.ts';
import { useSettingsDialog } from '../personal-settings/index.ts';
import { Hint } from '../ui/Hint.tsx';

export function SettingsButton({ iconOnly }: { iconOnly?: boolean }) {
  const settings = useSettingsDialog();
  if (iconOnly) {
    return (
      <Hint title="Settings">
        <Button type="text" icon={<SettingOutlined />} aria-label="Settings" onClick={settings.open} />
      </Hint>
    );
  }
  return (
    <Button icon={<SettingOutlined aria-hidden="true" />} onClick={settings.open}>
      Settings
    </Button>
  );
}

export function LogoutButton({ iconOnly }: { iconOnly?: boolean }) {
  const logout = useLogout();
  if (iconOnly) {
    return (
      <Hint title="Logout">
        <Button
          type="text"
          icon={<LogoutOutlined />}
          aria-label="Logout"
          loading={logout.isPending}
          onClick={() => logout.mutate()}
        />
      </Hint>
    );
  }
  return (
    <Button icon={<LogoutOutlined aria-hidden="true" />} loading={logout.isPending} onClick={() => logout.mutate()}>
      Logout
    </Button>
  );
}
