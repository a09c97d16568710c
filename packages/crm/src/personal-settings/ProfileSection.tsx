import type { SessionUser } from '@shine/shared/types';
import { Typography } from 'antd';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { useAssignees, useTeamUsers } from '../team/index.ts';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { ProfileForm, type ProfileStart } from './ProfileForm.tsx';

/**
 * "Your settings": the form starts from what the CRM can read of the person. Away comes from the
 * assignee list (every active member is on it); the phone only an admin can read (the Team list).
 */
export function ProfileSection({ user }: { user: SessionUser }) {
  const isAdmin = user.role === 'admin';
  const assignees = useAssignees();
  const team = useTeamUsers(isAdmin);
  const pending = assignees.isPending || (isAdmin && team.isPending);
  const failed = assignees.error ?? (isAdmin ? team.error : null);

  const me = assignees.data?.items.find((person) => person.id === user.id);
  const start: ProfileStart = {
    name: user.name,
    away: me?.away ?? false,
    awayUntil: me?.awayUntil ?? null,
    ...(isAdmin ? { phone: team.data?.items.find((person) => person.id === user.id)?.phone ?? null } : {}),
  };

  return (
    <section aria-labelledby="settings-profile-heading">
      <Typography.Title level={2} id="settings-profile-heading" className="settings-heading">
        Your settings
      </Typography.Title>
      {failed ? (
        <QueryErrorAlert
          error={failed}
          onRetry={() => void Promise.all([assignees.refetch(), isAdmin ? team.refetch() : null])}
        />
      ) : pending ? (
        <LoadingSkeleton rows={3} />
      ) : (
        <ProfileForm user={user} start={start} />
      )}
    </section>
  );
}
