import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * The PDFs' typeface: Inter (SIL Open Font License), from the @expo-google-fonts/inter
 * package's TrueType files, embedded in each PDF as a subset of the glyphs it uses. It covers
 * Latin with its extensions (Polish, Czech, Turkish, Vietnamese), Greek and Cyrillic, so a
 * customer's or crew member's name prints as it is spelled: "Łukasz Wiśniewski", not "Lukasz".
 */
const require = createRequire(import.meta.url);

/** The names the faces are registered under on each document (document.ts). */
export const FONT = 'Inter';
export const BOLD = 'Inter-Bold';

export interface PdfFonts {
  regular: Buffer;
  bold: Buffer;
  /** Whether both faces draw this code point. */
  draws(codePoint: number): boolean;
}

let loaded: PdfFonts | undefined;

/** Read once, on the first document. */
export function pdfFonts(): PdfFonts {
  if (loaded) return loaded;
  const read = (file: string) => readFileSync(require.resolve(`@expo-google-fonts/inter/${file}`));
  const regular = read('400Regular/Inter_400Regular.ttf');
  const bold = read('700Bold/Inter_700Bold.ttf');
  const faces = [regular, bold].map((data) => fontkit.create(data) as fontkit.Font);
  const known = new Map<number, boolean>();
  const draws = (codePoint: number) => {
    let answer = known.get(codePoint);
    if (answer === undefined) known.set(codePoint, (answer = faces.every((face) => face.hasGlyphForCodePoint(codePoint))));
    return answer;
  };
  return (loaded = { regular, bold, draws });
}

/**
 * Text the typeface can draw: every letter it has as it is, line breaks kept; a letter it lacks
 * without its accent when the bare letter is there, anything else (emoji, scripts it does not
 * cover) as "?". No character silently disappears.
 */
export function pdfText(text: string): string {
  const { draws } = pdfFonts();
  const showable = (char: string) => draws(char.codePointAt(0)!);
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n')) {
    if (char === '\n' || showable(char)) out += char;
    else {
      const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += bare && [...bare].every(showable) ? bare : '?';
    }
  }
  return out;
}
