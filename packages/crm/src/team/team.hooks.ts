import type { UserCreate, UserUpdate } from '@shine/shared/team';
import { teamOperations } from '@shine/shared/operations/team';
import type { TeamUser } from '@shine/shared/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryOptions } from '../api/client.ts';
import { assigneesKey, leadsKey, sessionQueryKey, teamUsersKey } from '../api/query-keys.ts';
import { errorText } from '../ui/error-text.ts';
import { useToast } from '../ui/use-toast.ts';

/** GET /api/admin/users (admins): everyone on the team, the system user left out by the server. */
export function useTeamUsers(enabled = true) {
  return useQuery({ ...queryOptions(teamOperations.listUsers), enabled });
}

/**
 * A change to a person shows in the Team list, the assignment pickers, the assignee names on leads
 * and, when it is the signed-in user, the header.
 */
function useRefreshPeople() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamUsersKey }),
      queryClient.invalidateQueries({ queryKey: assigneesKey }),
      queryClient.invalidateQueries({ queryKey: leadsKey }),
      queryClient.invalidateQueries({ queryKey: sessionQueryKey, exact: true }),
    ]);
}

/** POST /api/admin/users; a refusal is left to the form, which puts its issues on the fields. */
export function useCreateUser() {
  const refresh = useRefreshPeople();
  return useMutation({
    mutationFn: (user: UserCreate) => call(teamOperations.createUser, { body: user }),
    onSuccess: () => refresh(),
  });
}

/** PATCH /api/admin/users/{id}: role, phone, cap, away, disabled. */
export function useUpdateUser() {
  const refresh = useRefreshPeople();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UserUpdate }) =>
      call(teamOperations.updateUser, { params: { id }, body: changes }),
    onSuccess: () => refresh(),
  });
}

/** Disable or enable, with its own toasts: the list's buttons have no form to show a refusal in. */
export function useSetUserDisabled() {
  const update = useUpdateUser();
  const toast = useToast();
  return {
    isPending: update.isPending,
    run: (user: TeamUser, disabled: boolean) =>
      update.mutate(
        { id: user.id, changes: { disabled } },
        {
          onSuccess: () => toast.success(disabled ? `${user.name} is disabled` : `${user.name} is enabled again`),
          onError: (error) => toast.error(disabled ? 'Could not disable' : 'Could not enable', errorText(error)),
        },
      ),
  };
}

/** POST /api/admin/users/{id}/reset: a new set-up link; the older one stops working. */
export function useResetUser() {
  const refresh = useRefreshPeople();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => call(teamOperations.resetUserSetupLink, { params: { id } }),
    onSuccess: () => refresh(),
    onError: (error) => toast.error('Could not make a new set-up link', errorText(error)),
  });
}
