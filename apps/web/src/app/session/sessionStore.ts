import type { User as OidcUser } from 'oidc-client-ts';
import { create } from 'zustand';

interface SessionState {
  /** The signed-in identity; its ID token is the bearer of every API call. */
  oidcUser: OidcUser | null;
  setOidcUser: (user: OidcUser | null) => void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  oidcUser: null,
  setOidcUser: (oidcUser) => set({ oidcUser }),
}));

export function getIdToken(): string | undefined {
  return useSessionStore.getState().oidcUser?.id_token;
}
