import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { Ticket } from '@kelvin/contract';
import { useCurrentUser } from '../../../app/session/useCurrentUser.ts';
import type { FileSender } from '../../uploads/putWithProgress.ts';
import { useTicketAccess } from '../details/ticketAccess.ts';
import { TicketPanelFrame } from '../details/TicketPanelFrame.tsx';
import { CommentComposer } from './CommentComposer.tsx';
import { CommentItem } from './CommentItem.tsx';
import { useTicketComments } from './ticketCommentQueries.ts';

/** Comments (with their files) of a ticket, newest first, and the composer for those who may change it. */
export function TicketCommentsPanel({ ticket, sendFile }: { ticket: Ticket; sendFile?: FileSender }) {
  const comments = useTicketComments(ticket.ticketId);
  const access = useTicketAccess(ticket);
  const me = useCurrentUser().data?.user.userId;
  const content = comments.data?.content;

  return (
    <TicketPanelFrame
      titleId="ticket-comments-title"
      title={`Comments${content ? ` (${content.filter((comment) => !comment.isDeleted).length})` : ''}`}
      notice={
        <>
          {access.canEdit && (
            <CommentComposer
              ticketId={ticket.ticketId}
              canSetVisibility={access.canSetVisibility}
              {...(sendFile ? { sendFile } : {})}
            />
          )}
          {ticket.isFrozen && (
            <Text size="sm" c="dimmed">
              This ticket is frozen: comments can be added again once it is unfrozen.
            </Text>
          )}
        </>
      }
      query={comments}
      errorTitle="Comments could not be loaded"
      items={content}
      empty={
        access.canEdit
          ? 'No comments yet. Write the first one above: what was found, what was done, what comes next.'
          : 'No comments yet.'
      }
      loading={
        // A status names the placeholder: a plain div may not carry a label.
        <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading comments">
          {[0, 1].map((row) => (
            <Paper withBorder p="sm" key={row}>
              <Skeleton height={12} width="40%" mb="xs" />
              <Skeleton height={10} />
              <Skeleton height={10} width="70%" mt={6} />
            </Paper>
          ))}
        </Stack>
      }
    >
      <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Comments">
        {content?.map((comment) => (
          <CommentItem
            key={comment.commentId}
            comment={comment}
            canChange={access.canEdit && comment.userId === me}
            canSetVisibility={access.canSetVisibility}
            showVisibility={!access.isExternal}
          />
        ))}
      </Stack>
    </TicketPanelFrame>
  );
}
