import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { notFoundPath } from '../../app/router/routeHandle.ts';
import { session } from '../../app/session/session.ts';
import { fetchCurrentUser } from '../../app/session/useCurrentUser.ts';
import { showAlert } from '../../app/toasts/toasts.ts';
import { FullPageLoader } from '../../shared/ui/FullPageLoader.tsx';
import {
  UNABLE_TO_AUTHENTICATE,
  UNABLE_TO_LOAD_VIEW,
  fetchLinkedSharedView,
  loadSharedViewState,
  parseSharedViewId,
} from './sharedViewLink.ts';

/** Spec: the loader's messages, in order. */
export const LINK_STEPS = [
  'Authenticating',
  'Retrieving view',
  'Loading view state',
  'Navigating to view',
] as const;
type LinkStep = (typeof LINK_STEPS)[number];

class LinkError extends Error {}

/** Opens a shared view from a link: authenticate, load the user, fetch the view, load it, go to diagnose. */
export function SharedViewLinkPage() {
  const { sharedViewId } = useParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<LinkStep>('Authenticating');

  useEffect(() => {
    // The cleanup flips this while `open` awaits; a call keeps the compiler from assuming it stays true.
    let active = true;
    const isActive = () => active;
    const toNotFound = () => void navigate(notFoundPath(`${pathname}${search}`), { replace: true });

    async function open(id: number): Promise<void> {
      const authenticated = await session.restore().catch(() => false);
      if (!authenticated) throw new LinkError(UNABLE_TO_AUTHENTICATE);
      const { user } = await fetchCurrentUser(queryClient);
      if (!isActive()) return;
      setStep('Retrieving view');
      const view = await fetchLinkedSharedView(id);
      if (!isActive()) return;
      setStep('Loading view state');
      const { navigateTo } = loadSharedViewState(view, user);
      if (!isActive() || navigateTo === null) return;
      setStep('Navigating to view');
      await navigate(navigateTo, { replace: true });
    }

    const id = parseSharedViewId(sharedViewId);
    if (id === undefined) {
      toNotFound();
    } else {
      open(id).catch((error: unknown) => {
        if (!isActive()) return;
        if (!(error instanceof LinkError)) showAlert(UNABLE_TO_LOAD_VIEW);
        toNotFound();
      });
    }
    return () => {
      active = false;
    };
  }, [sharedViewId, pathname, search, navigate, queryClient]);

  return <FullPageLoader message={step} />;
}
