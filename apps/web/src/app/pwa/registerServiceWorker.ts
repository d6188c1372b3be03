/**
 * The console installs as a web app and opens without a network (a technician in a data hall): a service worker
 * (vite-plugin-pwa's, built as /sw.js) keeps the console's own files. It is registered once the first screen is
 * idle, so that it never competes with it, and only in a build: the dev server has no worker.
 *
 * Automated browsers (the browser tests and benches) do not install it unless a test asks for it with
 * localStorage 'kelvin.serviceWorker' = 'on': a worker serving files from its cache would change what those
 * tests and benches measure.
 */
export const SERVICE_WORKER_OPT_IN_KEY = 'kelvin.serviceWorker';
const SERVICE_WORKER_URL = '/sw.js';

export function wantsServiceWorker(env: {
  production: boolean;
  supported: boolean;
  automated: boolean;
  optedIn: boolean;
}): boolean {
  return env.production && env.supported && (!env.automated || env.optedIn);
}

export function registerServiceWorkerWhenIdle(): void {
  const wanted = wantsServiceWorker({
    production: import.meta.env.PROD,
    supported: 'serviceWorker' in navigator,
    automated: navigator.webdriver,
    optedIn: readOptIn(),
  });
  if (!wanted) return;
  const register = () => {
    import('workbox-window')
      .then(({ Workbox }) => new Workbox(SERVICE_WORKER_URL).register())
      .catch((error: unknown) => console.warn('The offline worker could not be installed', error));
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 10_000 });
  else setTimeout(register, 3_000);
}

function readOptIn(): boolean {
  try {
    return window.localStorage.getItem(SERVICE_WORKER_OPT_IN_KEY) === 'on';
  } catch {
    return false;
  }
}
