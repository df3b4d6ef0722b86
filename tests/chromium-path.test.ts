import { describe, expect, it } from 'vitest';
import { chromiumPath } from '../e2e/chromium-path';

describe('chromiumPath', () => {
  it('returns the first browser that exists', () => {
    expect(chromiumPath(['/nonexistent/chrome', process.execPath])).toBe(process.execPath);
  });

  it('fails with the command that installs one when none is found', () => {
    expect(() => chromiumPath(['/nonexistent/chromium'])).toThrow('apt-get install -y chromium');
  });
});
