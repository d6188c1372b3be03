import { describe, expect, it } from 'vitest';
import { summarizeHistoryEntry } from './ticketHistory.ts';

const line = (name: string, data: Record<string, unknown> = {}) => summarizeHistoryEntry({ name, data });

describe('ticket history lines', () => {
  it('names each changed field with its old and new value, enums by their labels', () => {
    expect(
      line('tickets.update', {
        changes: {
          priorityEnumValue: { from: 1, to: 2 },
          title: { from: 'Warm', to: 'Supply air too warm' },
          description: { from: 'a', to: 'b' },
          isBillable: { from: false, to: true },
          netSuiteBillingState: { from: 'NOT_BILLABLE', to: 'PENDING_SALES_ORDER' },
          externalTicket: { from: null, to: 'INC-7' },
        },
      }),
    ).toBe(
      'Changed priority from Medium to High; title from “Warm” to “Supply air too warm”; the description; ' +
        'billable from no to yes; billing state from not billable to pending sales order; external ticket from none to “INC-7”',
    );
  });

  it('reads an estimated duration in hours, not as an ISO duration', () => {
    expect(line('tickets.update', { changes: { estimatedDuration: { from: 'PT2H', to: 'PT4H30M' } } })).toBe(
      'Changed estimated duration from 2 h to 4.5 h',
    );
    expect(line('tickets.update', { changes: { estimatedDuration: { from: null, to: 'P1M' } } })).toBe(
      'Changed estimated duration from none to 1mo',
    );
  });

  it('reads status changes, freezing, people, assets and problems as sentences', () => {
    expect(line('tickets.changeStatus', { from: 2, to: 11 })).toBe(
      'Changed status from In progress to Closed',
    );
    expect(line('tickets.setFrozen', { isFrozen: true })).toBe('Froze the ticket');
    expect(line('tickets.setFrozen', { isFrozen: false })).toBe('Unfroze the ticket');
    expect(line('tickets.users.add', { userId: 8, userName: 'Olav Owner', relationTypeEnumValue: 1 })).toBe(
      'Assigned Olav Owner as owner',
    );
    expect(line('tickets.users.remove', { userId: 9, userName: null, relationTypeEnumValue: 2 })).toBe(
      'Removed user #9 as worker',
    );
    expect(line('tickets.assets.add', { assetIds: [4, 5], assetNames: ['CRAH 01', 'CRAH 02'] })).toBe(
      'Added CRAH 01, CRAH 02',
    );
    expect(line('tickets.detectedProblems.add', { detectedProblemIds: [3] })).toBe(
      'Added a detected problem',
    );
  });

  it('says what happened to comments, files, parts and time, marking what is internal', () => {
    expect(line('tickets.comments.create', { commentId: 1, visibility: 'INTERNAL' })).toBe(
      'Commented (internal)',
    );
    expect(line('tickets.comments.create', { commentId: 1, visibility: 'EXTERNAL' })).toBe('Commented');
    expect(line('tickets.attachments.create', { filename: 'photo.jpg' })).toBe('Attached photo.jpg');
    expect(line('tickets.consumables.create', { type: 'PART', displayName: 'Fan belt' })).toBe(
      'Added a part, Fan belt',
    );
    expect(line('tickets.timeEntries.create', { minutes: 45 })).toBe('Logged 45m');
    expect(line('tickets.timeEntries.update', { minutes: 90 })).toBe('Changed a time entry to 1h 30m');
  });

  it('spells out an event it does not know rather than hiding it', () => {
    expect(line('tickets.salesOrders.create')).toBe('Sales orders create');
  });
});
