import { useMutation, useQuery } from '@tanstack/react-query';
import { type BodyInput } from '@kelvin/contract';
import { contract } from '../../../shared/api/endpoints.ts';
import { apiCall } from '../../../shared/api/index.ts';
import { ticketKeys } from '../ticketKeys.ts';
import { useTicketWriteEffects } from './ticketWriteEffects.ts';

/** A ticket's comments, newest first, with their files. */
export function useTicketComments(ticketId: number) {
  return useQuery({
    queryKey: ticketKeys.comments(ticketId),
    queryFn: ({ signal }) => apiCall(contract.ticketsCommentsList, { body: { ticketId }, signal }),
  });
}

/** A comment's files are also ticket files: a write refreshes both lists. */
export function useCommentEffects(ticketId: number) {
  const comments = useTicketWriteEffects(ticketId, ticketKeys.comments(ticketId));
  const files = useTicketWriteEffects(ticketId, ticketKeys.attachments(ticketId));
  return () => Promise.all([comments(), files()]);
}

export function useCreateComment(ticketId: number) {
  return useMutation({
    mutationFn: (body: Omit<BodyInput<typeof contract.ticketsCommentsCreate>, 'ticketId'>) =>
      apiCall(contract.ticketsCommentsCreate, { body: { ...body, ticketId } }),
  });
}

export function useUpdateComment(ticketId: number) {
  const effects = useCommentEffects(ticketId);
  return useMutation({
    mutationFn: (body: BodyInput<typeof contract.ticketsCommentsUpdate>) =>
      apiCall(contract.ticketsCommentsUpdate, { body }),
    onSuccess: effects,
  });
}

export function useDeleteComment(ticketId: number) {
  const effects = useCommentEffects(ticketId);
  return useMutation({
    mutationFn: (commentId: number) => apiCall(contract.ticketsCommentsDelete, { body: { commentId } }),
    onSuccess: effects,
  });
}
