import { useLayoutEffect } from 'react';
import { markApplied } from './probe.ts';

/** Nothing but the mark: what loading the page, React and Mantine costs before any view is drawn. */
export function FloorPage() {
  useLayoutEffect(markApplied, []);
  return <p>floor</p>;
}
