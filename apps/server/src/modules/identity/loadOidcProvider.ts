import type Provider from 'oidc-provider';

/**
 * oidc-provider 9 prints "Unsupported runtime" when its module is first evaluated on Node 20. It works there
 * (DESIGN.md §8: tried on the project's machines), and Node 20.19 is our floor, so that one line is noise in
 * every start-up and test run. We import the module lazily and drop exactly that warning; every other warning
 * the library prints still reaches the console.
 */
const NODE_20_WARNING = 'oidc-provider WARNING: Unsupported runtime';

let loading: Promise<typeof Provider> | undefined;

export function loadOidcProvider(): Promise<typeof Provider> {
  loading ??= importQuietly();
  return loading;
}

async function importQuietly(): Promise<typeof Provider> {
  const original = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes(NODE_20_WARNING)) return;
    original.apply(console, args);
  };
  try {
    const module = await import('oidc-provider');
    return module.default;
  } finally {
    console.warn = original;
  }
}
