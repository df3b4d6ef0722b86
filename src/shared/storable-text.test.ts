import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { isOneLineText, oneLineMessage, oneLineText } from './storable-text';

describe('one-line text', () => {
  it('refuses control characters, line breaks and text-direction embeddings, overrides and isolates', () => {
    const refused = [
      ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
      '\u007F',
      '\u0085',
      '\u009F',
      '\u2028',
      '\u2029',
      ...['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'],
    ];
    for (const character of refused) expect(isOneLineText(`Plaza${character}A`), JSON.stringify(character)).toBe(false);
  });

  it('keeps names in any script, with the direction marks right-to-left text needs, emoji and punctuation', () => {
    for (const name of [
      'José Ñúñez',
      "O'Brien & Sons, Inc.",
      '\u05D3\u05E0\u05D4 \u200F\u05DB\u05D4\u05DF',
      '李小龍',
      'Lot 7 🚗',
      '<b>Plaza</b>',
    ]) {
      expect(isOneLineText(name), name).toBe(true);
    }
  });

  it('is one refinement with the field’s own message', () => {
    const name = z.string().check(oneLineText('Plan name'));
    const result = name.safeParse('Weekly\u202Egnp.exe');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([oneLineMessage('Plan name')]);
    expect(oneLineMessage('Plan name')).toBe('Plan name must be one line, without control characters or text-direction overrides');
  });
});
