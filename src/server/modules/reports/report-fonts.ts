import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * The report's typeface: Inter (SIL Open Font License), from the @expo-google-fonts/inter
 * package's TrueType files, embedded in each PDF as a subset of the glyphs it uses. It covers
 * Latin with its extensions (Polish, Czech, Turkish, Vietnamese), Greek and Cyrillic, so a
 * customer's or crew member's name prints as it is spelled: "Łukasz Wiśniewski", not "Lukasz".
 */
const require = createRequire(import.meta.url);

export interface ReportFonts {
  regular: Buffer;
  bold: Buffer;
  /** Whether both faces draw this code point. */
  draws(codePoint: number): boolean;
}

let loaded: ReportFonts | undefined;

/** Read once, on the first report. */
export function reportFonts(): ReportFonts {
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
