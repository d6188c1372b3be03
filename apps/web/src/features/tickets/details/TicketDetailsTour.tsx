import type { TourStep } from '../../../shared/ui/ProductTour.tsx';
import { TourButton } from '../../tours/TourButton.tsx';

export const TICKET_DETAILS_TOUR_STEPS: readonly TourStep[] = [
  {
    target: 'ticket-header',
    title: 'The ticket at a glance',
    body: 'Its number, title, status, company and visibility. The tabs switch between its details and the problems it follows.',
  },
  {
    target: 'ticket-status',
    title: 'Move the work along',
    body: 'Change the status here; the state and the closing time follow. Freezing a ticket stops every change until it is unfrozen.',
  },
  {
    target: 'ticket-fields',
    title: 'Describe the work',
    body: 'Edit the title, description, type, priority, severity and estimate, then save: only what you changed is sent.',
  },
  {
    target: 'ticket-people',
    title: 'Who is involved',
    body: 'The requester, the owner and the workers. Add people from those who may see the ticket.',
  },
  {
    target: 'ticket-comments',
    title: 'Talk it through',
    body: 'Comments are internal unless you make them external, visible to the customer. Attach files to them.',
  },
];

/** The ticket details screen's product tour, recorded as TicketDetailsTourSeen. */
export function TicketDetailsTour() {
  return (
    <TourButton
      tour="TicketDetailsTourSeen"
      label="Tour of the ticket details"
      steps={TICKET_DETAILS_TOUR_STEPS}
    />
  );
}
