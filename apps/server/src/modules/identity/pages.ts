/**
 * The identity provider's own pages: sign-in, sign-out, and errors. Self-contained (inline CSS, no external
 * assets) because they are served before the user has a session and must work without the web build.
 * Every value that reaches the markup goes through `escapeHtml`.
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1b2430;background:#eef2f6}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px}
main{width:100%;max-width:380px;background:#fff;border-radius:10px;box-shadow:0 1px 3px rgba(16,24,40,.12),0 8px 24px rgba(16,24,40,.08);padding:32px}
.brand{margin:0 0 4px;font-size:.8rem;font-weight:700;letter-spacing:.12em;text-transform:uppercase;color:#1f6fb2}
h1{margin:0 0 24px;font-size:1.4rem;font-weight:600}
p{line-height:1.5;margin:0 0 16px}
label{display:block;font-weight:600;font-size:.9rem;margin:0 0 6px}
input{display:block;width:100%;font:inherit;padding:10px 12px;margin:0 0 18px;border:1px solid #b8c2cc;border-radius:6px;background:#fff;color:inherit}
input:focus{outline:3px solid rgba(31,111,178,.35);outline-offset:1px;border-color:#1f6fb2}
input[aria-invalid="true"]{border-color:#b42318}
button{display:block;width:100%;font:inherit;font-weight:600;padding:11px 12px;border:0;border-radius:6px;background:#1f6fb2;color:#fff;cursor:pointer}
button:hover{background:#185a91}
button:focus-visible{outline:3px solid rgba(31,111,178,.45);outline-offset:2px}
a.button{display:block;text-align:center;text-decoration:none;font-weight:600;padding:10px 12px;border-radius:6px}
a.button:focus-visible{outline:3px solid rgba(31,111,178,.45);outline-offset:2px}
.secondary{background:#fff;color:#1f6fb2;border:1px solid #1f6fb2}
.secondary:hover{background:#eef5fb}
.or{margin:16px 0;text-align:center;color:#56606b;font-size:.9rem}
.alert{margin:0 0 20px;padding:10px 12px;border-radius:6px;background:#fef3f2;border:1px solid #fecdca;color:#912018}
a{color:#1f6fb2}
@media (prefers-color-scheme:dark){html{background:#10161d;color:#e6ebf0}main{background:#1a222c;box-shadow:none}
input{background:#10161d;border-color:#3d4a58}.alert{background:#3a1512;border-color:#7a271a;color:#fecdca}.brand,a{color:#7cb8ea}
.secondary{background:transparent;color:#9ccbf0;border-color:#7cb8ea}.secondary:hover{background:#16283a}.or{color:#a9b4bf}}
`;

/** Pages may only style themselves; the logout page may additionally run its one script (by nonce). */
export function pageSecurityPolicy(scriptNonce?: string): string {
  const script = scriptNonce ? `script-src 'nonce-${scriptNonce}'` : "script-src 'none'";
  return `default-src 'none'; style-src 'unsafe-inline'; ${script}; base-uri 'none'; frame-ancestors 'none'`;
}

function layout(title: string, body: string, scriptNonce?: string, script?: string): string {
  const scriptTag =
    scriptNonce && script ? `<script nonce="${escapeHtml(scriptNonce)}">${script}</script>` : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">Kelvin</p>
${body}
</main>
${scriptTag}
</body>
</html>`;
}

export interface LoginPageOptions {
  /** Where the form posts to. */
  action: string;
  email?: string;
  error?: string;
  /** Where the provider staff's sign-in through NetSuite starts; absent, not offered. */
  staffAction?: string;
  /** False when the error is not about what was typed (a refusal of the staff sign-in): the fields stay plain. */
  errorAboutFields?: boolean;
}

export function loginPage(options: LoginPageOptions): string {
  const { action, email = '', error, staffAction, errorAboutFields = true } = options;
  const invalid = error && errorAboutFields ? ' aria-invalid="true" aria-describedby="signin-error"' : '';
  const alert = error ? `<div class="alert" id="signin-error" role="alert">${escapeHtml(error)}</div>` : '';
  // Focus goes where the user will type next: the password after a failed attempt with the email kept.
  const focusEmail = email === '' ? ' autofocus' : '';
  const focusPassword = email === '' ? '' : ' autofocus';
  return layout(
    'Sign in to Kelvin',
    `<h1>Sign in to Kelvin</h1>
${alert}
<form method="post" action="${escapeHtml(action)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${invalid}${focusEmail}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${focusPassword}>
<button type="submit">Sign in</button>
</form>${
      staffAction
        ? `
<p class="or">or</p>
<a class="button secondary" href="${escapeHtml(staffAction)}">Sign in with NetSuite (provider staff)</a>`
        : ''
    }`,
  );
}

/**
 * Signing out asks for no confirmation: the console only sends users here from its own "Log out" action.
 * The provider's form (with its anti-forgery field) is submitted by script; without script, a button does it.
 */
export function logoutPage(providerForm: string, scriptNonce: string): string {
  // Sign out of the whole session, not only of the one client (there is only one client).
  const form = providerForm.replace(
    '</form>',
    '<input type="hidden" name="logout" value="yes"/><noscript><button type="submit">Sign out</button></noscript></form>',
  );
  return layout(
    'Signing out of Kelvin',
    `<h1>Signing out…</h1>
<p>You are being signed out of Kelvin.</p>
${form}`,
    scriptNonce,
    "document.getElementById('op.logoutForm').submit();",
  );
}

export function loggedOutPage(returnUrl: string): string {
  return layout(
    'Signed out of Kelvin',
    `<h1>You are signed out</h1>
<p><a href="${escapeHtml(returnUrl)}">Return to Kelvin</a></p>`,
  );
}

export function errorPage(message: string, returnUrl: string): string {
  return layout(
    'Sign-in problem',
    `<h1>Something went wrong</h1>
<p role="alert">${escapeHtml(message)}</p>
<p><a href="${escapeHtml(returnUrl)}">Return to Kelvin</a></p>`,
  );
}
