/** The app's palette (src/client/theme.css) and Tailwind's slate, red and amber, for every PDF. */
export const color = {
  brand950: '#0f1f44',
  brand900: '#1e428a',
  brand700: '#1d5ed8',
  brand200: '#bfe2fe',
  brand50: '#eff8ff',
  leaf600: '#178556',
  leaf50: '#e8f6ef',
  ink: '#0f172a',
  body: '#334155',
  muted: '#64748b',
  rule: '#e2e8f0',
  panel: '#f8fafc',
  red700: '#b91c1c',
  red50: '#fef2f2',
  amber700: '#b45309',
  amber50: '#fffbeb',
};

/** A foreground on a background: a pill's, a status's. */
export interface Tone {
  fg: string;
  bg: string;
}
