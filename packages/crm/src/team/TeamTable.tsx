import { EditOutlined, LinkOutlined, StopOutlined, UndoOutlined } from '@ant-design/icons';
import { toTelHref } from '@shine/shared/format';
import type { TeamUser } from '@shine/shared/types';
import { Button, Popconfirm, Table, type TableColumnsType } from 'antd';
import { PersonAvatar } from '../ui/PersonAvatar.tsx';
import { ToneTag } from '../ui/ToneTag.tsx';
import { ROLE_LABELS, describeOpenLeads, describePersonStatus } from './person-status.ts';
import { useSetUserDisabled } from './team.hooks.ts';

interface TeamTableProps {
  users: TeamUser[];
  loading: boolean;
  /** The signed-in admin: they cannot disable themselves (the server refuses it too). */
  currentUserId: string | undefined;
  onEdit: (user: TeamUser) => void;
  onReset: (user: TeamUser) => void;
  resettingId: string | undefined;
}

function DisableButton({ user }: { user: TeamUser }) {
  const setDisabled = useSetUserDisabled();
  if (user.disabled) {
    return (
      <Button
        className="touch-target"
        icon={<UndoOutlined aria-hidden="true" />}
        loading={setDisabled.isPending}
        onClick={() => setDisabled.run(user, false)}
        aria-label={`Enable ${user.name}`}
      >
        Enable
      </Button>
    );
  }
  return (
    <Popconfirm
      title={`Disable ${user.name}?`}
      description="They are signed out everywhere now: all their sessions and remembered devices end. Their leads stay assigned to them."
      okText="Disable"
      okButtonProps={{ danger: true, loading: setDisabled.isPending }}
      cancelText="Cancel"
      onConfirm={() => setDisabled.run(user, true)}
    >
      <Button
        className="touch-target"
        danger
        icon={<StopOutlined aria-hidden="true" />}
        aria-label={`Disable ${user.name}`}
      >
        Disable
      </Button>
    </Popconfirm>
  );
}

/** Everyone on the team with their role, phone, status and open leads, and what an admin can do to each. */
export function TeamTable({ users, loading, currentUserId, onEdit, onReset, resettingId }: TeamTableProps) {
  const columns: TableColumnsType<TeamUser> = [
    {
      key: 'name',
      title: 'Name',
      render: (_value, user) => (
        <div className="team-name-cell">
          <PersonAvatar person={user} showName />
          <span className="muted">{user.email}</span>
        </div>
      ),
    },
    { key: 'role', title: 'Role', render: (_value, user) => ROLE_LABELS[user.role] },
    {
      key: 'phone',
      title: 'Phone',
      render: (_value, user) =>
        user.phone ? <a href={toTelHref(user.phone)}>{user.phone}</a> : <span className="muted">—</span>,
    },
    {
      key: 'status',
      title: 'Status',
      render: (_value, user) => (
        <span className="tag-list">
          {describePersonStatus(user).map((tag) => (
            <ToneTag key={tag.text} color={tag.color}>
              {tag.text}
            </ToneTag>
          ))}
        </span>
      ),
    },
    { key: 'openLeads', title: 'Open leads', align: 'right', render: (_value, user) => describeOpenLeads(user) },
    {
      key: 'actions',
      title: <span className="visually-hidden">Actions</span>,
      render: (_value, user) => (
        <div className="item-actions">
          <Button
            className="touch-target"
            icon={<EditOutlined aria-hidden="true" />}
            onClick={() => onEdit(user)}
            aria-label={`Edit ${user.name}`}
          >
            Edit
          </Button>
          {user.disabled ? null : (
            <Popconfirm
              title={`New set-up link for ${user.name}?`}
              description="Their older link stops working. Their password stays until they choose a new one."
              okText="Make link"
              cancelText="Cancel"
              onConfirm={() => onReset(user)}
            >
              <Button
                className="touch-target"
                icon={<LinkOutlined aria-hidden="true" />}
                loading={resettingId === user.id}
                aria-label={`New set-up link for ${user.name}`}
              >
                New set-up link
              </Button>
            </Popconfirm>
          )}
          {user.id === currentUserId ? null : <DisableButton user={user} />}
        </div>
      ),
    },
  ];

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it
    <section className="table-scroll" aria-label="Team" tabIndex={0}>
      <Table<TeamUser>
        rowKey="id"
        className="team-table"
        columns={columns}
        dataSource={users}
        loading={loading}
        pagination={false}
        locale={{ emptyText: 'Nobody on the team yet.' }}
      />
    </section>
  );
}
