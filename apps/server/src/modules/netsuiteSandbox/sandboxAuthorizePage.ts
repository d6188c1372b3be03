import { escapeHtml } from '../identity/pages.ts';

/**
 * The sandbox's sign-in and consent page, NetSuite-like: which application asks for which account, a role, the
 * sandbox's one user, Continue and Cancel. Self-contained (no external assets); its one style element runs under
 * the page's nonce, and every value in the markup goes through escapeHtml.
 */

/** The roles the sandbox user may sign in with, as NetSuite lists roles (internal id, name). */
export const SANDBOX_ROLES = [
  { id: '3', name: 'Administrator' },
  { id: '1010', name: 'A/R Clerk' },
] as const;

/** The sandbox's one user: shown on the page, since the sandbox has no one else to sign in. */
export const SANDBOX_USER = {
  email: 'sandbox@netsuite.example',
  password: 'sandbox',
  entity: '1042',
} as const;

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#20262d;background:#e9edf1}
body{margin:0;min-height:100vh;display:flex;flex-direction:column}
header{background:#22313f;color:#fff;padding:14px 24px;font-weight:700;letter-spacing:.04em}
header span{font-weight:400;opacity:.8;margin-left:8px}
main{flex:1;display:flex;align-items:flex-start;justify-content:center;padding:40px 16px}
section{width:100%;max-width:440px;background:#fff;border-radius:6px;border:1px solid #cfd6dd;padding:28px}
h1{margin:0 0 12px;font-size:1.35rem;font-weight:600}
p{margin:0 0 14px;line-height:1.5}
dl{margin:0 0 18px;display:grid;grid-template-columns:auto 1fr;gap:4px 12px;font-size:.92rem}
dt{color:#56606b}dd{margin:0;font-weight:600}
label{display:block;font-weight:600;font-size:.9rem;margin:0 0 6px}
input,select{display:block;width:100%;font:inherit;padding:9px 10px;margin:0 0 16px;border:1px solid #9aa5b1;border-radius:4px;background:#fff;color:inherit}
input:focus,select:focus{outline:3px solid rgba(32,111,173,.35);outline-offset:1px;border-color:#206fad}
.hint{padding:10px 12px;margin:0 0 18px;border-radius:4px;background:#eef5fb;border:1px solid #b9d3ea;font-size:.9rem}
.alert{padding:10px 12px;margin:0 0 18px;border-radius:4px;background:#fdf0ef;border:1px solid #f2b8b5;color:#8c1d18}
.actions{display:flex;gap:12px;margin-top:6px}
button{flex:1;font:inherit;font-weight:600;padding:10px 12px;border-radius:4px;cursor:pointer;border:1px solid #206fad}
button.primary{background:#206fad;color:#fff}button.primary:hover{background:#195a8d}
button.secondary{background:#fff;color:#206fad}button.secondary:hover{background:#eef5fb}
button:focus-visible{outline:3px solid rgba(32,111,173,.45);outline-offset:2px}
@media (prefers-color-scheme:dark){html{background:#11161b;color:#e4e9ee}section{background:#1b232b;border-color:#34414e}
dt{color:#9aa7b4}input,select{background:#11161b;border-color:#4a5867}.hint{background:#16283a;border-color:#2c4b69}
.alert{background:#3a1714;border-color:#7a2b24;color:#f6c9c5}button.secondary{background:transparent;color:#8cc3ef;border-color:#8cc3ef}}
`;

/** The authorization request the form carries along, unchanged, to its POST. */
export interface AuthorizeRequest {
  client_id: string;
  redirect_uri: string;
  scope: string;
  state: string;
}

export interface AuthorizePageOptions {
  request: AuthorizeRequest;
  accountId: string;
  nonce: string;
  csrf: string;
  issued: string;
  email?: string;
  role?: string;
  error?: string;
}

const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;

function layout(title: string, nonce: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style nonce="${escapeHtml(nonce)}">${STYLE}</style>
</head>
<body>
<header>NetSuite<span>Sandbox</span></header>
<main><section>
${body}
</section></main>
</body>
</html>`;
}

export function authorizePage(options: AuthorizePageOptions): string {
  const { request, accountId, nonce, csrf, issued, email = '', role = SANDBOX_ROLES[0].id, error } = options;
  const invalid = error ? ' aria-invalid="true" aria-describedby="signin-error"' : '';
  const alert = error ? `<div class="alert" id="signin-error" role="alert">${escapeHtml(error)}</div>` : '';
  const roles = SANDBOX_ROLES.map(
    (option) =>
      `<option value="${escapeHtml(option.id)}"${option.id === role ? ' selected' : ''}>${escapeHtml(option.name)}</option>`,
  ).join('');
  return layout(
    'NetSuite: sign in and grant access',
    nonce,
    `<h1>Sign in and grant access</h1>
<p>An application asks to use NetSuite on your behalf.</p>
<dl>
<dt>Application</dt><dd>Kelvin (${escapeHtml(request.client_id)})</dd>
<dt>Account</dt><dd>Kelvin NetSuite Sandbox (${escapeHtml(accountId)})</dd>
<dt>Access</dt><dd>REST Web Services</dd>
</dl>
<div class="hint">Sandbox sign-in: <strong>${escapeHtml(SANDBOX_USER.email)}</strong> with the password <strong>${escapeHtml(SANDBOX_USER.password)}</strong>, or your own e-mail address with the same password</div>
${alert}
<form method="post">
${hidden('response_type', 'code')}${hidden('client_id', request.client_id)}${hidden('redirect_uri', request.redirect_uri)}${hidden('scope', request.scope)}${hidden('state', request.state)}${hidden('csrf', csrf)}${hidden('issued', issued)}
<label for="email">Email address</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${invalid}${email === '' ? ' autofocus' : ''}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${email === '' ? '' : ' autofocus'}>
<label for="role">Role</label>
<select id="role" name="role">${roles}</select>
<div class="actions">
<button class="primary" type="submit" name="action" value="continue">Continue</button>
<button class="secondary" type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</div>
</form>`,
  );
}

/** A refusal that cannot go back to the application (unknown client, bad redirect_uri, a stale form). */
export function authorizeErrorPage(message: string, nonce: string): string {
  return layout(
    'NetSuite: cannot continue',
    nonce,
    `<h1>Cannot continue</h1>
<div class="alert" role="alert">${escapeHtml(message)}</div>
<p>Return to the application and start the sign-in again.</p>`,
  );
}
