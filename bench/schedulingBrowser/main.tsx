import '@mantine/core/styles.css';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { benchEntries } from './benchEntries.ts';
import { markScriptStart } from './probe.ts';

/**
 * The bench page: ?variant=fc-week|fc-columns|technicians|floor&count=5000&days=7. Each view is its own chunk, so
 * that a page loads only the code it measures; `floor` draws nothing (the cost of loading React and Mantine).
 */
markScriptStart();
const params = new URLSearchParams(location.search);
const variant = params.get('variant') ?? 'technicians';
const entries = benchEntries(Number(params.get('count') ?? '500'), params.get('days') === '1' ? 1 : 7);

async function view(): Promise<ReactNode> {
  if (variant === 'technicians') {
    const { TechniciansPage } = await import('./techniciansPage.tsx');
    return <TechniciansPage entries={entries} />;
  }
  if (variant === 'floor') {
    const { FloorPage } = await import('./floorPage.tsx');
    return <FloorPage />;
  }
  const { FullCalendarPage } = await import('./fullCalendarPage.tsx');
  return <FullCalendarPage entries={entries} mode={variant === 'fc-week' ? 'week' : 'columns'} />;
}

const root = document.getElementById('root');
if (!root) throw new Error('no root');
const content = await view();
createRoot(root).render(<MantineProvider>{content}</MantineProvider>);
