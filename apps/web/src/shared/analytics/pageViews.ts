import type { createHashRouter } from 'react-router';
import { analytics } from './analytics.ts';

type Router = ReturnType<typeof createHashRouter>;
type RouterState = Router['state'];

/**
 * Only the signed-in user area's screens are recorded: not the landing page, sign-in, signed-out or shared-view
 * screens, nor `/user` itself, which only redirects to the dashboard.
 */
const RECORDED = /^\/user\/./;

/** The matched route's pattern, e.g. `/user/tickets/:ticketId/details`: raw ids would split one screen into many. */
export function routePattern(matches: RouterState['matches']): string {
  const parts = matches.flatMap((match) => (match.route.path ? match.route.path.split('/') : []));
  return `/${parts.filter((part) => part !== '').join('/')}`;
}

/** Records a page view whenever a navigation settles on a new screen. Returns the stop. */
export function trackPageViews(router: Router, recorder = analytics): () => void {
  let lastPathname: string | undefined;
  const note = (state: RouterState) => {
    // A search-param change (a filter, a page of a list) or a re-render of the same screen is not a new view.
    if (state.navigation.state !== 'idle' || state.location.pathname === lastPathname) return;
    lastPathname = state.location.pathname;
    const pattern = routePattern(state.matches);
    if (RECORDED.test(pattern)) recorder.page(pattern);
  };
  note(router.state);
  return router.subscribe(note);
}
