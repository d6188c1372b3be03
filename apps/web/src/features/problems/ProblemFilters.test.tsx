import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { defaultProblemFilter } from './ProblemsPanel.tsx';
import { ProblemFilters } from './ProblemFilters.tsx';

/** A screen as narrow as a phone's: only the phone's query matches. */
function onAPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width: 47.99em'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

/** The moment the rows on screen were read. */
const NOW = Date.parse('2026-01-05T12:00:00.000Z');

function Filters() {
  const [filter, setFilter] = useState(() => defaultProblemFilter());
  return <ProblemFilters now={NOW} filter={filter} onChange={setFilter} idPrefix="problems" />;
}

afterEach(() => vi.unstubAllGlobals());

describe('problem filters', () => {
  it('on a phone keeps only the search in line, the rest behind a Filters button that counts them', async () => {
    const user = userEvent.setup();
    onAPhone();
    fakeApi([{ method: 'POST', path: /^\/problemRuleDefinitions\.list$/, reply: { body: [] } }]);
    renderWithRouter([{ path: '/', element: <Filters /> }]);
    const button = await screen.findByRole('button', { name: 'Filters' });
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Level' })).toBeNull();

    await user.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(within(drawer).getByRole('group', { name: 'Level' })).getByText('Critical'));
    await user.click(within(drawer).getByText('Closed'));
    await user.click(within(drawer).getByRole('button', { name: 'Show problems' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Filters, 2 set' })).toHaveTextContent('2');
  });

  it('on a wide screen shows every filter in line, with no Filters button', async () => {
    fakeApi([{ method: 'POST', path: /^\/problemRuleDefinitions\.list$/, reply: { body: [] } }]);
    renderWithRouter([{ path: '/', element: <Filters /> }]);
    expect(await screen.findByRole('group', { name: 'Level' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
  });
});
