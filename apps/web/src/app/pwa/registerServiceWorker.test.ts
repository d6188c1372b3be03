import { describe, expect, it } from 'vitest';
import { wantsServiceWorker } from './registerServiceWorker.ts';

const base = { production: true, supported: true, automated: false, optedIn: false };

describe('wantsServiceWorker', () => {
  it('installs the offline worker in a build, for a person in a browser that has workers', () => {
    expect(wantsServiceWorker(base)).toBe(true);
  });

  it('never in the dev server, nor where workers do not exist', () => {
    expect(wantsServiceWorker({ ...base, production: false })).toBe(false);
    expect(wantsServiceWorker({ ...base, supported: false })).toBe(false);
  });

  it('not in an automated browser unless the test asks for it', () => {
    expect(wantsServiceWorker({ ...base, automated: true })).toBe(false);
    expect(wantsServiceWorker({ ...base, automated: true, optedIn: true })).toBe(true);
  });
});
