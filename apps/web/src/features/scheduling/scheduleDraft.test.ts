import { describe, expect, it } from 'vitest';
import type { Schedule } from '@kelvin/contract';
import { initialDraft, readDraft } from './scheduleDraft.ts';

const entry: Schedule = {
  scheduleId: 9,
  companyId: 2,
  companyName: 'Northwind',
  type: 'travel',
  title: 'Drive to Ashburn',
  notes: null,
  startsAt: '2026-11-26T13:00:00.000Z',
  endsAt: '2026-11-26T15:00:00.000Z',
  timeZoneId: 'America/New_York',
  confirmed: true,
  resources: [{ userId: 4, name: 'Tom Tech' }],
  ticketId: 12,
  ticketTitle: 'Compressor noise',
  assets: [{ assetId: 30, name: 'CRAH 1' }],
  createdBy: null,
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
};

describe('entry draft', () => {
  it("opens an entry in its own zone's wall clock and saves the same instants back", () => {
    const draft = initialDraft({ kind: 'edit', entry }, 'Asia/Tokyo');
    expect(draft.startsAt).toBe('2026-11-26 08:00:00');
    expect(draft.timeZoneId).toBe('America/New_York');
    const read = readDraft(draft);
    expect(read.fields).toMatchObject({
      startsAt: entry.startsAt,
      endsAt: entry.endsAt,
      resourceIds: [4],
      ticketId: 12,
      assetIds: [30],
      companyId: 2,
    });
  });

  it('starts a dragged range in the screen zone, unconfirmed, for the technician it was dragged for', () => {
    const draft = initialDraft(
      {
        kind: 'create',
        startsAt: '2026-11-26T09:00:00.000Z',
        endsAt: '2026-11-26T10:30:00.000Z',
        resourceIds: [4],
        companyId: null,
      },
      'Europe/Paris',
    );
    expect(draft).toMatchObject({ startsAt: '2026-11-26 10:00:00', confirmed: false, resourceIds: [4] });
  });

  it('says what is missing or wrong, field by field, with the contract messages', () => {
    const draft = initialDraft({ kind: 'edit', entry }, 'UTC');
    const read = readDraft({
      ...draft,
      title: '  ',
      endsAt: draft.startsAt,
      resourceIds: [],
      companyId: null,
    });
    expect(read.fields).toBeUndefined();
    expect(read.errors).toEqual({
      title: 'Title is required',
      endsAt: 'The end must be after the start',
      resourceIds: 'Choose at least one technician',
      companyId: 'Choose a company',
    });
  });

  it('leaves assets out when no ticket is chosen', () => {
    const draft = initialDraft({ kind: 'edit', entry }, 'UTC');
    expect(readDraft({ ...draft, ticketId: null }).fields?.assetIds).toEqual([]);
  });
});
