import { describe, expect, it } from 'vitest';
import { parseVersionInfo } from './versionWatcher.ts';

describe('parseVersionInfo', () => {
  it('reads the version and the build the build writes', () => {
    expect(parseVersionInfo({ version: '6.45.2', build: 'abc' })).toEqual({
      version: '6.45.2',
      build: 'abc',
    });
    expect(parseVersionInfo({ version: '6.45.2' })).toEqual({ version: '6.45.2' });
  });

  it('refuses a file without a version or with a build that is not text', () => {
    expect(() => parseVersionInfo({})).toThrow(/no version/);
    expect(() => parseVersionInfo('6.45.2')).toThrow(/no version/);
    expect(() => parseVersionInfo({ version: '6.45.2', build: 3 })).toThrow(/bad build/);
  });
});
