import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Loader } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { LogLevel, LogRecord } from '@kelvin/contract';
import { formatDateTime } from '../../shared/formatting/dateTime.ts';
import classes from './LogList.module.css';

/** Level colours, from quiet to loud; light badges read in both colour schemes. */
export const LEVEL_COLORS: Record<LogLevel, string> = {
  TRACE: 'gray',
  DEBUG: 'cyan',
  INFO: 'blue',
  WARN: 'yellow',
  ERROR: 'red',
  FATAL: 'grape',
};

export function LevelBadge({ level }: { level: LogLevel }) {
  return (
    <Badge
      className={classes.level}
      color={LEVEL_COLORS[level]}
      variant={level === 'FATAL' ? 'filled' : 'light'}
      size="sm"
      radius="sm"
      w="4.25rem"
    >
      {level}
    </Badge>
  );
}

const ROW_HEIGHT = 35;
/** Older pages are asked for this many rows before the end comes into view. */
const PREFETCH_ROWS = 20;

export interface LogListProps {
  records: readonly LogRecord[];
  timeZone: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** The list's own scroll height: it scrolls inside the page, so the filters stay in view. */
  height: string;
}

/**
 * The records, newest first, virtualised: only the rows in view exist in the page, however many pages were
 * loaded. A row opens to show the whole message and its fields. Scrolling near the end asks for older records;
 * the button at the end does the same for keyboard users.
 */
export function LogList({ records, timeZone, hasOlder, loadingOlder, onLoadOlder, height }: LogListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const virtualizer = useVirtualizer({
    count: records.length + 1,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => records[index]?.id ?? 'end',
    overscan: 10,
    // Until the scroller is measured (and in tests, where nothing is), assume a screenful.
    initialRect: { width: 1000, height: 600 },
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;
  const nearEnd = lastIndex >= records.length - PREFETCH_ROWS;

  useEffect(() => {
    if (nearEnd && hasOlder && !loadingOlder) onLoadOlder();
  }, [nearEnd, hasOlder, loadingOlder, onLoadOlder]);

  function toggle(id: string) {
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  return (
    <div ref={scroller} className={classes.scroller} style={{ height }} tabIndex={-1}>
      <div
        role="list"
        aria-label="Log records, newest first"
        style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}
      >
        {items.map((item) => {
          const record = records[item.index];
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              role={record ? 'listitem' : undefined}
              className={record ? classes.item : undefined}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${item.start}px)`,
              }}
            >
              {record ? (
                <LogRow record={record} timeZone={timeZone} open={open.has(record.id)} onToggle={toggle} />
              ) : (
                <div className={classes.footer}>
                  {loadingOlder ? (
                    <Loader size="xs" aria-label="Loading older records" />
                  ) : hasOlder ? (
                    <Button variant="subtle" size="xs" onClick={onLoadOlder}>
                      Load older records
                    </Button>
                  ) : (
                    'No older records in this range.'
                  )}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function LogRow({
  record,
  timeZone,
  open,
  onToggle,
}: {
  record: LogRecord;
  timeZone: string;
  open: boolean;
  onToggle: (id: string) => void;
}) {
  const fields = Object.entries(record.fields);
  const detailsId = `log-${record.id}`;
  const Chevron = open ? IconChevronDown : IconChevronRight;
  return (
    <>
      <button
        type="button"
        className={classes.summary}
        aria-expanded={open}
        aria-controls={open ? detailsId : undefined}
        onClick={() => onToggle(record.id)}
      >
        <Chevron size={14} className={classes.chevron} aria-hidden />
        <time className={classes.time} dateTime={new Date(record.ts).toISOString()}>
          {formatDateTime(record.ts, timeZone)}
        </time>
        <LevelBadge level={record.level} />
        <span className={classes.source} title={record.source}>
          {record.source}
        </span>
        <span className={classes.message}>{record.message}</span>
      </button>
      {open && (
        <div id={detailsId} className={classes.details}>
          <p className={classes.fullMessage}>{record.message}</p>
          {fields.length > 0 ? (
            <dl className={classes.fields} aria-label="Fields">
              {fields.map(([name, value]) => (
                <div key={name} style={{ display: 'contents' }}>
                  <dt>{name}</dt>
                  <dd>{String(value)}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <span className={classes.time}>No fields.</span>
          )}
        </div>
      )}
    </>
  );
}
