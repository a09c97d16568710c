import { MESSAGES } from '@shine/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { publicOperations } from '@shine/shared/operations/public';
import { call } from '../api/client.ts';
import { useToast } from '../ui/use-toast.ts';

/** Logout clears every cached read and returns to the login screen (docs/requirements.md#states). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  return useMutation({
    mutationFn: () => call(publicOperations.signOut),
    onSuccess: () => {
      navigate('/', { replace: true });
      queryClient.clear();
    },
    onError: () => toast.error(MESSAGES.logout.failed),
  });
}
