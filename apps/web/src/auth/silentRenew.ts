import { UserManager } from 'oidc-client-ts';

/*
 * Runs inside the hidden iframe of UserManager.signinSilent(). The callback only posts this page's URL to the
 * parent window, which validates the response with its own settings; so the settings here are placeholders
 * and this page does not need to fetch the issuer. response_mode 'query' matches the code flow of the app.
 */
const origin = window.location.origin;
void new UserManager({
  authority: origin,
  client_id: 'silent-renew',
  redirect_uri: `${origin}/auth/silent-renew.html`,
  response_mode: 'query',
}).signinSilentCallback();
