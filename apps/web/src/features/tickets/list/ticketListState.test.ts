import { describe, expect, it } from 'vitest';
import {
  defaultTicketListState,
  parseTicketListState,
  ticketListFilter,
  writeTicketListState,
  type TicketListState,
} from './ticketListState.ts';

describe('tickets list state in the URL', () => {
  it('leaves the defaults out of the address, and reads an empty address as the defaults', () => {
    expect(writeTicketListState(defaultTicketListState()).toString()).toBe('');
    expect(parseTicketListState(new URLSearchParams())).toEqual(defaultTicketListState());
  });

  it('round-trips every part: view, sets, companies, search, sort, page and grouping', () => {
    const state: TicketListState = {
      view: 'groups',
      statuses: ['inProgress', 'closed'],
      billingStates: ['PENDING_SALES_ORDER'],
      companyIds: [3, 9],
      search: 'pump seal',
      sort: { property: 'priority', direction: 'ASC' },
      page: 2,
      groupBy: 'owner',
    };
    const params = writeTicketListState(state);
    expect(Object.fromEntries(params)).toEqual({
      view: 'groups',
      status: 'inProgress,closed',
      billing: 'PENDING_SALES_ORDER',
      company: '3,9',
      q: 'pump seal',
      sort: 'priority.asc',
      page: '3',
      group: 'owner',
    });
    expect(parseTicketListState(new URLSearchParams(params.toString()))).toEqual(state);
  });

  it('says all and none for sets, which the server filter turns into no filter and no request', () => {
    const all = {
      ...defaultTicketListState(),
      statuses: parseTicketListState(new URLSearchParams('status=all')).statuses,
    };
    expect(all.statuses).toHaveLength(7);
    expect(writeTicketListState(all).get('status')).toBe('all');
    expect(ticketListFilter(all)).toEqual({});

    const none = parseTicketListState(new URLSearchParams('status=none'));
    expect(none.statuses).toEqual([]);
    expect(ticketListFilter(none)).toBeNull();
  });

  it('sends the spec default filter: statuses new..resolved, every billing state, every company', () => {
    expect(ticketListFilter(defaultTicketListState())).toEqual({ statusIds: [0, 2, 3, 4, 5, 7] });
  });

  it('falls back to the default for anything unknown or malformed', () => {
    const state = parseTicketListState(
      new URLSearchParams('view=kanban&status=bogus,new&sort=password.asc&page=-4&group=color&company=x,5'),
    );
    expect(state.view).toBe('table');
    expect(state.statuses).toEqual(['new']);
    expect(state.sort).toEqual({ property: 'created_at', direction: 'DESC' });
    expect(state.page).toBe(0);
    expect(state.groupBy).toBeNull();
    expect(state.companyIds).toEqual([5]);
  });

  it('lets a scope (an asset, a group) win over the list filter', () => {
    expect(ticketListFilter(defaultTicketListState(), { statusIds: [11], assetIds: [4] })).toEqual({
      statusIds: [11],
      assetIds: [4],
    });
  });
});
