import { Outlet } from 'react-router';

/** The ticket's frame (header and tabs) around its details and problems; placeholder while built (issue 13). */
export function TicketLayout() {
  return <Outlet />;
}
