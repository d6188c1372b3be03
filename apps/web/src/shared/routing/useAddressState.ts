import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** How a screen's state is read from and written to its address's search params. */
export interface AddressStateCodec<S> {
  parse: (params: URLSearchParams) => S;
  write: (state: S) => URLSearchParams;
  /** The state after a change: screens go back to their first page on any change but the page itself. */
  apply: (state: S, change: Partial<S>) => S;
}

/**
 * A screen's filters, sort and page kept in its address, so that a view can be shared and a reload keeps it.
 * Changes replace the history entry. The router's functional update reads the address of the last render, so two
 * changes before the next render (From, then To, filled at once) lost the first: each change builds on the last
 * one written instead.
 */
export function useAddressState<S>(codec: AddressStateCodec<S>): [S, (change: Partial<S>) => void] {
  const { parse, write, apply } = codec;
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parse(params), [params, parse]);
  const written = useRef(params);
  useEffect(() => {
    written.current = params;
  }, [params]);
  const change = useCallback(
    (next: Partial<S>) => {
      const merged = write(apply(parse(written.current), next));
      written.current = merged;
      setParams(merged, { replace: true });
    },
    [setParams, parse, write, apply],
  );
  return [state, change];
}
