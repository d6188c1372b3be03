export type Environment = 'production' | 'dev' | 'local';

/**
 * Spec: the environment is chosen from the site origin. Loopback hosts are local, a host with a `dev`
 * label (dev.example.com, kelvin-dev.example.com) is dev, everything else is production.
 */
export function environmentFromOrigin(origin: string): Environment {
  const host = new URL(origin).hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || host.startsWith('127.')) {
    return 'local';
  }
  const labels = host.split('.');
  if (labels.some((label) => label === 'dev' || label.endsWith('-dev') || label.startsWith('dev-'))) {
    return 'dev';
  }
  return 'production';
}

/** Spec: a missing sign-in client id for the environment is an error. */
export function clientIdForEnvironment(
  clientIds: Partial<Record<Environment, string>>,
  environment: Environment,
): string {
  const clientId = clientIds[environment];
  if (!clientId) throw new Error(`Missing sign-in client id for the ${environment} environment.`);
  return clientId;
}
