import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Leaving the editor with unsaved changes asks first: a navigation inside the console is held until the user
 * chooses (the blocker's proceed or reset), and closing or reloading the tab gets the browser's own question.
 * `allowNextNavigation` lets the editor's own move through (to the new form's address after its first save, before
 * the saved state has rendered).
 */
export function useUnsavedChangesWarning(unsaved: boolean) {
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowed.current) {
      allowed.current = false;
      return false;
    }
    return unsaved && currentLocation.pathname !== nextLocation.pathname;
  });
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  return {
    blocker,
    allowNextNavigation: () => {
      allowed.current = true;
    },
  };
}
