import { Navigate, useLocation } from 'react-router';
import { notFoundPath } from './routeHandle.ts';

/** Redirects keeping the query string (for example a diagnose link carrying its state). */
export function RedirectKeepingSearch({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={{ pathname: to, search }} replace />;
}

/** Unknown paths inside the user area: spec sends them to notFound with the original path. */
export function NotFoundRedirect() {
  const { pathname, search } = useLocation();
  return <Navigate to={notFoundPath(`${pathname}${search}`)} replace />;
}
