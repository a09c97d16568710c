import { UserAddOutlined } from '@ant-design/icons';
import type { TeamUser } from '@shine/shared/types';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useCurrentUser } from '../session/current-user.ts';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { AddPersonDialog } from './AddPersonDialog.tsx';
import { EditPersonDialog } from './EditPersonDialog.tsx';
import { type IssuedLink, SetupLinkDialog } from './SetupLinkDialog.tsx';
import { TeamTable } from './TeamTable.tsx';
import { useResetUser, useTeamUsers } from './team.hooks.ts';

/**
 * Team (admins): the people who use the CRM; add, edit, disable or enable, and new set-up links. The
 * company's settings are the Settings section's.
 */
export function TeamSection() {
  const users = useTeamUsers();
  const me = useCurrentUser();
  const reset = useResetUser();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TeamUser>();
  const [issued, setIssued] = useState<IssuedLink>();

  const makeNewLink = (user: TeamUser) =>
    reset.mutate(user.id, {
      onSuccess: (link) => setIssued({ name: user.name, email: user.email, ...link }),
    });

  return (
    <div className="section-stack">
      <div className="section-toolbar">
        <Typography.Text className="muted">
          Everyone who signs in to the CRM. New people choose their password with a one-time set-up link.
        </Typography.Text>
        <Button type="primary" icon={<UserAddOutlined aria-hidden="true" />} onClick={() => setAdding(true)}>
          Add person
        </Button>
      </div>
      {users.isError ? <QueryErrorAlert error={users.error} onRetry={() => void users.refetch()} /> : null}
      <TeamTable
        users={users.data?.items ?? []}
        loading={users.isPending}
        currentUserId={me?.id}
        onEdit={setEditing}
        onReset={makeNewLink}
        resettingId={reset.isPending ? reset.variables : undefined}
      />
      <AddPersonDialog open={adding} onClose={() => setAdding(false)} onAdded={setIssued} />
      <EditPersonDialog key={editing?.id ?? 'none'} user={editing} onClose={() => setEditing(undefined)} />
      <SetupLinkDialog link={issued} onClose={() => setIssued(undefined)} />
    </div>
  );
}
