import { describe, expect, it } from 'vitest';
import { formatFileSize } from './fileSize.ts';

describe('formatFileSize', () => {
  it('counts in decimal units, like the 300MB upload limit', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1_500)).toBe('1.5 KB');
    expect(formatFileSize(300_000_000)).toBe('300.0 MB');
    expect(formatFileSize(2_500_000_000)).toBe('2.5 GB');
  });
});
