import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAddressState, type AddressStateCodec } from './useAddressState.ts';

interface Filters {
  from: string;
  to: string;
  page: number;
}

const codec: AddressStateCodec<Filters> = {
  parse: (params) => ({
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    page: Number(params.get('page') ?? 0),
  }),
  write: (state) => {
    const params = new URLSearchParams();
    if (state.from) params.set('from', state.from);
    if (state.to) params.set('to', state.to);
    if (state.page > 0) params.set('page', String(state.page));
    return params;
  },
  apply: (state, change) => ({ ...state, page: 0, ...change }),
};

function renderAt(address: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[address]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const [state, change] = useAddressState(codec);
      return { state, change, search: useLocation().search };
    },
    { wrapper },
  );
}

describe('useAddressState', () => {
  it('reads the state from the address and writes a change back into it, back on the first page', () => {
    const { result } = renderAt('/list?from=2026-01-01&page=3');
    expect(result.current.state).toEqual({ from: '2026-01-01', to: '', page: 3 });
    act(() => result.current.change({ to: '2026-02-01' }));
    expect(result.current.search).toBe('?from=2026-01-01&to=2026-02-01');
  });

  it('keeps both of two changes made before the next render', () => {
    const { result } = renderAt('/list');
    act(() => {
      result.current.change({ from: '2026-01-01' });
      result.current.change({ to: '2026-02-01' });
    });
    expect(result.current.state).toEqual({ from: '2026-01-01', to: '2026-02-01', page: 0 });
  });
});
