import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

describe('CSV cells', () => {
  it('quote every value and double its quotes', () => {
    expect(csvLine(['Harbor "North" Retail', null, 'a,b'])).toBe('"Harbor ""North"" Retail","","a,b"\r\n');
  });

  it('defuse what a spreadsheet would run as a formula, and leave a plain negative amount a number', () => {
    expect(csvCell('=HYPERLINK("http://evil.example")')).toBe(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csvCell('+1+2')).toBe(`"'+1+2"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('-1+2')).toBe(`"'-1+2"`);
    expect(csvCell('-A1')).toBe(`"'-A1"`);
    expect(csvCell('-45.00')).toBe('"-45.00"');
    expect(csvCell('-12')).toBe('"-12"');
  });
});
