import { Button } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen, errorMessage } from '../../shared/ui/ErrorScreen.tsx';

/**
 * Browsers word a failed dynamic import differently (Chrome, Firefox, Safari); a new deployment that removed
 * the old chunks is the usual cause, and a reload fetches the new ones.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|CSS_CHUNK_LOAD_FAILED/i.test(
      error.message,
    )
  );
}

function reload(): void {
  window.location.reload();
}

/** The route error boundary: chunk load failures offer a reload; other errors say what went wrong. */
export function RouteErrorPage() {
  const error = useRouteError();
  const reloadButton = <Button onClick={reload}>Reload</Button>;
  if (isChunkLoadError(error)) {
    return (
      <ErrorScreen
        title="This part of Kelvin could not be loaded"
        message="A new version may have been released, or the network is down. Reload the page to try again."
        action={reloadButton}
      />
    );
  }
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : errorMessage(error);
  return <ErrorScreen title="Something went wrong" message={message} action={reloadButton} />;
}
