import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { logsListBodySchema, type LogRecord, type LogsPage } from '@kelvin/contract';
import { createQueryClient } from '../../app/queryClient.ts';
import { RouteGuard } from '../../app/router/RouteGuard.tsx';
import { userRoutes } from '../../app/router/userRoutes.tsx';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { buildFleet } from '../../test/assetFactories.ts';
import { buildCurrentUser } from '../../test/factories.ts';
import { fakeApi, type FakeRequest, type FakeRoute } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { defaultLogsFilter, useDeviceLogsStore } from './deviceLogsStore.ts';

const routes: RouteObject[] = [{ path: '/user', element: <RouteGuard />, children: userRoutes }];
const fleet = buildFleet();
const NOW = Date.now();
/** The tab is a lazily loaded section, and these machines are shared: answers get time to arrive. */
const LOADED = { timeout: 5000 };

function record(index: number, overrides: Partial<LogRecord> = {}): LogRecord {
  return {
    id: `${NOW - index * 60_000}-${index}`,
    assetId: 4,
    ts: NOW - index * 60_000,
    level: 'INFO',
    source: 'controller',
    message: `Line ${index}`,
    fields: {},
    ...overrides,
  };
}

const bodyOf = (request: FakeRequest) => logsListBodySchema.parse(request.body);
const listBodies = (requests: readonly FakeRequest[]) =>
  requests.filter((request) => request.path === '/deviceLogs.list').map(bodyOf);

function renderLogs(options: { list: FakeRoute['reply']; permissions?: string[]; path?: string }) {
  const permissions = options.permissions ?? ['assets:read', 'metrics:read', 'assets:logs:read'];
  const api = fakeApi([
    { method: 'GET', path: /^\/assets(\?.*)?$/, reply: { body: fleet } },
    {
      method: 'GET',
      path: /^\/assets\/\d+\?includeCoverage=true$/,
      reply: (request) => ({
        body: fleet.find((asset) => request.path.startsWith(`/assets/${asset.assetId}?`)),
      }),
    },
    { method: 'POST', path: /^\/deviceLogs\.list$/, reply: options.list },
    {
      method: 'POST',
      path: /^\/deviceLogs\.sources$/,
      reply: {
        body: {
          sources: [
            { source: 'controller', count: 12 },
            { source: 'modbus', count: 3 },
          ],
        },
      },
    },
    { method: 'POST', path: /^\/sharedViews\.list$/, reply: { body: [] } },
  ]);
  const queryClient = createQueryClient();
  const me = buildCurrentUser([], {
    permissions: Object.fromEntries(
      permissions.map((name) => [name, [{ attributes: { companyId: { type: 'VALUES', values: [2] } } }]]),
    ),
  });
  queryClient.setQueryData(currentUserQueryKey, me);
  return {
    ...renderWithRouter(routes, { initialPath: options.path ?? '/user/devices/4/logs', queryClient }),
    ...api,
  };
}

/**
 * jsdom lays nothing out, so every element measures 0 and the virtualised list would show no row: give the list a
 * screenful of height and each row a row's.
 */
const LAYOUT = { clientHeight: 600, clientWidth: 1000, offsetHeight: 35 } as const;
const originalLayout = Object.keys(LAYOUT).map(
  (name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const,
);
beforeAll(() => {
  for (const [name, value] of Object.entries(LAYOUT)) {
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
  }
});
afterAll(() => {
  for (const [name, descriptor] of originalLayout) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
  }
});

beforeEach(() => {
  useDeviceLogsStore.setState({
    selectedViewId: null,
    filter: defaultLogsFilter(Date.now()),
    includes: { includeTimeRange: false, includeAssets: false },
    tail: false,
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('device logs tab', { timeout: 20_000 }, () => {
  it('lists records newest first with level badges, and opens one to show its fields', async () => {
    const user = userEvent.setup();
    const page: LogsPage = {
      records: [
        record(0, {
          level: 'ERROR',
          source: 'alarm',
          message: 'Alarm 401 raised: Fan failure',
          fields: { code: 401, level: 'Alarm' },
        }),
        record(1, { level: 'DEBUG', source: 'modbus', message: 'Poll cycle read 198 registers in 412 ms' }),
      ],
      hasMore: false,
    };
    const { requests } = renderLogs({ list: { body: page } });
    const list = await screen.findByRole('list', { name: 'Log records, newest first' }, LOADED);
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('button').textContent)).toEqual([
      expect.stringMatching(/ERRORalarmAlarm 401 raised: Fan failure$/),
      expect.stringMatching(/DEBUGmodbusPoll cycle read 198 registers in 412 ms$/),
    ]);
    expect(screen.getByText('No older records in this range.')).toBeInTheDocument();
    expect(screen.getByText('2 records, newest first')).toBeInTheDocument();

    const first = within(items[0] ?? list).getByRole('button');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    // The whole message and each field by name.
    expect(within(list).getAllByText('Alarm 401 raised: Fan failure')).toHaveLength(2);
    expect(within(list).getByText('code').nextSibling).toHaveTextContent('401');
    expect(within(list).getByText('level').nextSibling).toHaveTextContent('Alarm');

    // The first request asks for the last hour of unit 4, newest first, without filters.
    const [body] = listBodies(requests);
    expect(body).toMatchObject({ assetId: 4, limit: 100 });
    expect((body?.to ?? 0) - (body?.from ?? 0)).toBe(3_600_000);
    expect(body).not.toHaveProperty('levels');
  });

  it('loads older pages with the last record as cursor', async () => {
    const pages: Record<string, LogsPage> = {
      '': { records: [record(0), record(1)], hasMore: true },
      [record(1).id]: { records: [record(2)], hasMore: false },
    };
    const { requests } = renderLogs({
      list: (request) => ({ body: pages[bodyOf(request).before ?? ''] }),
    });
    expect(await screen.findByText('Line 2', {}, LOADED)).toBeInTheDocument();
    expect(listBodies(requests).map((body) => body.before)).toEqual([undefined, record(1).id]);
  });

  it('filters by level and by text, the text sent once typing pauses', async () => {
    const user = userEvent.setup();
    const { requests } = renderLogs({ list: { body: { records: [record(0)], hasMore: false } } });
    await screen.findByText('Line 0', {}, LOADED);
    await user.click(screen.getByPlaceholderText('All levels'));
    await user.click(await screen.findByRole('option', { name: 'ERROR' }, LOADED));
    await waitFor(() => expect(listBodies(requests).at(-1)?.levels).toEqual(['ERROR']), LOADED);
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'trip');
    await waitFor(() => expect(listBodies(requests).at(-1)?.search).toBe('trip'), LOADED);
    // Not a request per key.
    expect(
      listBodies(requests)
        .filter((body) => body.search !== undefined)
        .map((body) => body.search),
    ).toEqual(['trip']);
  });

  it('says when nothing matches and clears the filters', async () => {
    const user = userEvent.setup();
    renderLogs({
      list: (request) => ({
        body: { records: bodyOf(request).levels ? [] : [record(0)], hasMore: false },
      }),
    });
    await screen.findByText('Line 0', {}, LOADED);
    await user.click(screen.getByPlaceholderText('All levels'));
    await user.click(await screen.findByRole('option', { name: 'FATAL' }, LOADED));
    expect(await screen.findByText('No log records match these filters.', {}, LOADED)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Line 0', {}, LOADED)).toBeInTheDocument();
  });

  it('shows a failure with a retry', async () => {
    const message = 'You need the assets:logs:read permission to do this.';
    renderLogs({ list: { status: 403, body: { message, code: 'FORBIDDEN' } } });
    const alert = await screen.findByRole('alert', {}, LOADED);
    expect(alert).toHaveTextContent('Unable to load the logs');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('follows new records: the list opens at the top and records after the newest one come in on top', async () => {
    const user = userEvent.setup();
    const fresh = record(0, { id: `${NOW + 5000}-9`, ts: NOW + 5000, message: 'Communication restored' });
    const { requests } = renderLogs({
      list: (request) => {
        const body = bodyOf(request);
        if (body.after === record(0).id) return { body: { records: [fresh], hasMore: false } };
        if (body.after !== undefined) return { body: { records: [], hasMore: false } };
        return { body: { records: [record(0), record(1)], hasMore: false } };
      },
    });
    await screen.findByText('Line 0', {}, LOADED);
    await user.click(screen.getByRole('button', { name: 'Follow live' }));
    expect(await screen.findByText('Communication restored', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Following new records' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const items = within(screen.getByRole('list', { name: 'Log records, newest first' })).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveTextContent('Communication restored');
    // While tailing, the range is open at the top.
    const tailing = listBodies(requests)
      .filter((body) => body.after === undefined)
      .at(-1);
    expect(tailing).not.toHaveProperty('to');
  });

  it('has no logs tab without assets:logs:read, and the address of one is not found', async () => {
    const empty = { body: { records: [], hasMore: false } };
    const { requests, router } = renderLogs({ list: empty, permissions: ['assets:read', 'metrics:read'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/notFound'), LOADED);
    renderLogs({
      list: empty,
      permissions: ['assets:read', 'metrics:read'],
      path: '/user/devices/4/assets/hierarchy',
    });
    expect(await screen.findByRole('tab', { name: 'Assets' }, LOADED)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Logs' })).toBeNull();
    expect(listBodies(requests)).toEqual([]);
  });
});
