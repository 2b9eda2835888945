import { describe, expect, it } from 'vitest';
import { formatSize } from './file-size';

describe('formatSize', () => {
  it("writes a size in the reader's digits, in KB, MB or GB", () => {
    expect(formatSize(13_002_342, 'it')).toBe('12,4 MB');
    expect(formatSize(13_002_342, 'en')).toBe('12.4 MB');
    expect(formatSize(870_400, 'it')).toBe('0,8 MB');
    expect(formatSize(51_200, 'it')).toBe('50 KB');
    expect(formatSize(200, 'it')).toBe('1 KB');
    expect(formatSize(1.25 * 1024 ** 3, 'it')).toBe('1,3 GB');
  });
});
