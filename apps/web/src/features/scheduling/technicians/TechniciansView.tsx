import type { Schedule } from '@kelvin/contract';

export interface TechnicianColumn {
  userId: number;
  name: string;
}

export interface TechniciansViewProps {
  entries: Schedule[];
  technicians: TechnicianColumn[];
  /** The day shown, YYYY-MM-DD in `timeZone`. */
  date: string;
  timeZone: string;
  viewStyle: 'US' | 'EU';
  readOnly: boolean;
  onSelectRange(range: { start: string; end: string; userId: number }): void;
  onMove(move: {
    scheduleId: number;
    startsAt: string;
    endsAt: string;
    fromUserId: number;
    toUserId: number;
  }): void;
  onOpen(scheduleId: number): void;
}

/** Technicians side by side on one time axis (issue 25 item 2): the props are stable, the body is being built. */
export function TechniciansView(props: TechniciansViewProps) {
  return <div aria-label="Technicians">{props.technicians.length} technicians</div>;
}
