import { lazy, Suspense, type ComponentType } from 'react';
import type { NonIndexRouteObject, Params } from 'react-router';
import type { PermissionCheck } from '@kelvin/domain';
import { withChunkTimeout } from '../../shared/errors/chunkLoad.ts';
import type { RouteHandle } from './routeHandle.ts';
import { SectionLoading } from './SectionLoading.tsx';

/** The part of a route a section helper fills; the caller adds path or index and children. */
export type SectionRouteParts = Pick<NonIndexRouteObject, 'id' | 'handle' | 'lazy' | 'element' | 'loader'>;

interface SectionOptions {
  id?: string;
  checks?: readonly PermissionCheck[];
  requireAny?: boolean;
  /**
   * Starts the screen's first calls as the navigation starts, beside its scripts (into the query cache the screen
   * then reads). Started, not awaited: the route renders at once whatever it does.
   */
  prefetch?: (params: Params) => Promise<unknown>;
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

/**
 * A built section: its page component is loaded when the route matches (code splitting per screen). React.lazy, not
 * the router's lazy: the router renders nothing of a load until every matched lazy route has arrived, so the shell
 * waited for the screen's scripts; now it draws at once with a loading state in the screen's place. The loader
 * starts the download as the navigation starts (before the route guard has the user's permissions) and returns
 * at once, so it holds nothing up.
 */
export function lazySection(
  title: string,
  load: () => Promise<ComponentType>,
  options: SectionOptions = {},
): SectionRouteParts {
  const handle: RouteHandle = { title, checks: options.checks, requireAny: options.requireAny };
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () => {
    // Spec: a chunk that has not arrived after 120 s fails (ChunkLoadError) and the error page offers a reload.
    loading ??= withChunkTimeout(load()).then(
      (component) => ({ default: component }),
      (error: unknown) => {
        // A failed download may be tried again by the next visit (the error page offers a reload).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Screen = lazy(start);
  return {
    id: options.id,
    handle,
    loader: ({ params }) => {
      start().catch(() => undefined);
      // A failed prefetch is the screen's to show: it asks again when it mounts.
      options.prefetch?.(params).catch(() => undefined);
      return null;
    },
    element: (
      <Suspense fallback={<SectionLoading title={title} />}>
        <Screen />
      </Suspense>
    ),
  };
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
