import type { ComponentType } from 'react';
import type { NonIndexRouteObject } from 'react-router';
import type { PermissionCheck } from '@kelvin/domain';
import type { RouteHandle } from './routeHandle.ts';

/** The part of a route a section helper fills; the caller adds path or index and children. */
export type SectionRouteParts = Pick<NonIndexRouteObject, 'id' | 'handle' | 'lazy'>;

interface SectionOptions {
  id?: string;
  checks?: readonly PermissionCheck[];
  requireAny?: boolean;
}

/** A lazily loaded section that is not built yet: a page naming it. Built sections replace this with their own lazy. */
export function unavailableSection(title: string, options: SectionOptions = {}): SectionRouteParts {
  const handle: RouteHandle = { title, checks: options.checks, requireAny: options.requireAny };
  return {
    id: options.id,
    handle,
    lazy: async () => {
      const { SectionUnavailablePage } = await import('../../features/sections/SectionUnavailablePage.tsx');
      return { element: <SectionUnavailablePage title={title} /> };
    },
  };
}

/** A route that only groups children and carries checks; it renders its child (the default Outlet). */
export function sectionGroup(title: string, options: SectionOptions = {}): SectionRouteParts {
  const handle: RouteHandle = { title, checks: options.checks, requireAny: options.requireAny };
  return { id: options.id, handle };
}

/** A built section: its page component is loaded with the route (code splitting per screen). */
export function lazySection(
  title: string,
  load: () => Promise<ComponentType>,
  options: SectionOptions = {},
): SectionRouteParts {
  const handle: RouteHandle = { title, checks: options.checks, requireAny: options.requireAny };
  return { id: options.id, handle, lazy: async () => ({ Component: await load() }) };
}

/** A tab or view whose area comes in a later issue: it says so, inside the built layout around it. */
export function laterSection(title: string, options: SectionOptions = {}): SectionRouteParts {
  const handle: RouteHandle = { title, checks: options.checks, requireAny: options.requireAny };
  return {
    id: options.id,
    handle,
    lazy: async () => {
      const { ComesLaterPage } = await import('../../features/admin/ComesLaterPage.tsx');
      return { element: <ComesLaterPage title={title} /> };
    },
  };
}
