import { useLayoutEffect, useState } from 'react';
import type { Schedule } from '@kelvin/contract';
import { TechniciansView } from '../../apps/web/src/features/scheduling/technicians/TechniciansView.tsx';
import { BENCH_DAY, BENCH_ZONE, benchTechnicians } from './benchEntries.ts';
import { markApplied } from './probe.ts';

const technicians = benchTechnicians();

/** The technicians view as the scheduling screen mounts it, applying each move to its entries at once. */
export function TechniciansPage({ entries: initial }: { entries: Schedule[] }) {
  const [entries, setEntries] = useState(initial);
  useLayoutEffect(markApplied, [entries]);
  return (
    <TechniciansView
      entries={entries}
      technicians={technicians}
      date={BENCH_DAY}
      timeZone={BENCH_ZONE}
      viewStyle="US"
      readOnly={false}
      onSelectRange={() => undefined}
      onOpen={() => undefined}
      onMove={(move) =>
        setEntries((list) =>
          list.map((entry) => {
            if (entry.scheduleId !== move.scheduleId) return entry;
            const resources = entry.resources.map((person) =>
              person.userId === move.fromUserId
                ? (technicians.find((t) => t.userId === move.toUserId) ?? person)
                : person,
            );
            return { ...entry, startsAt: move.startsAt, endsAt: move.endsAt, resources };
          }),
        )
      }
    />
  );
}
