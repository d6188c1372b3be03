import { create } from 'zustand';

/**
 * What the app keeps of the signed-in identity: its ID token (the bearer of every API call) and when it expires.
 * oidc-client-ts's User has these; so does an identity read straight from storage at page load (no library).
 */
export interface SessionIdentity {
  id_token?: string;
  /** Expiry of the access token, epoch seconds. */
  expires_at?: number;
  profile: { exp?: number };
}

interface SessionState {
  oidcUser: SessionIdentity | null;
  setOidcUser: (user: SessionIdentity | null) => void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  oidcUser: null,
  setOidcUser: (oidcUser) => set({ oidcUser }),
}));

export function getIdToken(): string | undefined {
  return useSessionStore.getState().oidcUser?.id_token;
}
