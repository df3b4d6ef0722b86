/**
 * Draws the gallery's before/after illustrations as SVG. No stock photos can be
 * fetched for this project, so the artwork is made here, deterministically.
 * Run: npx tsx scripts/make-gallery-art.ts (writes public/gallery/*.svg)
 */
import { writeFileSync } from 'node:fs';

const W = 800;
const H = 600;

function rng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) % 4294967296;
    return seed / 4294967296;
  };
}

function litter(seed: number, count: number, area: { x: number; y: number; w: number; h: number }) {
  const r = rng(seed);
  const colors = ['#f8fafc', '#e11d48', '#f59e0b', '#38bdf8', '#a3a3a3', '#16a34a', '#fde68a'];
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = area.x + r() * area.w;
    const y = area.y + r() * area.h;
    const c = colors[Math.floor(r() * colors.length)];
    const kind = r();
    const rot = Math.round(r() * 360);
    if (kind < 0.35)
      out += `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="14" height="9" rx="2" fill="${c}" transform="rotate(${rot} ${x.toFixed(0)} ${y.toFixed(0)})"/>`;
    else if (kind < 0.6) out += `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="9" ry="6" fill="${c}" opacity="0.9"/>`;
    else if (kind < 0.8) out += `<path d="M${x.toFixed(0)} ${y.toFixed(0)}l10 -4l6 8l-12 3z" fill="${c}"/>`;
    else
      out += `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="5" height="14" rx="2" fill="#78350f" transform="rotate(${rot} ${x.toFixed(0)} ${y.toFixed(0)})"/>`;
  }
  return out;
}

function frame(title: string, body: string, dirty: boolean) {
  const sky = dirty ? ['#cbd5e1', '#e2e8f0'] : ['#7dd3fc', '#e0f2fe'];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" role="img" aria-label="${title}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
${dirty ? '' : '<circle cx="680" cy="90" r="42" fill="#fde047" opacity="0.9"/>'}
${body}
</svg>\n`;
}

const building = (x: number, y: number, w: number, h: number, color: string, sign?: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${color}"/>` +
  `<rect x="${x}" y="${y - 14}" width="${w}" height="14" fill="#334155"/>` +
  Array.from(
    { length: Math.floor(w / 70) },
    (_, i) => `<rect x="${x + 18 + i * 70}" y="${y + 30}" width="44" height="${Math.min(70, h - 60)}" fill="#bae6fd" opacity="0.85"/>`,
  ).join('') +
  (sign
    ? `<rect x="${x + w / 2 - 90}" y="${y - 44}" width="180" height="30" rx="4" fill="#0f172a"/><text x="${x + w / 2}" y="${y - 24}" font-family="sans-serif" font-size="16" fill="#f8fafc" text-anchor="middle">${sign}</text>`
    : '');

function retailLot(dirty: boolean) {
  const stalls = Array.from(
    { length: 11 },
    (_, i) => `<rect x="${40 + i * 68}" y="420" width="4" height="120" fill="#f8fafc" opacity="0.8"/>`,
  ).join('');
  const cars = [1, 4, 7, 9]
    .map(
      (i, k) =>
        `<rect x="${58 + i * 68}" y="445" width="46" height="80" rx="10" fill="${['#1d4ed8', '#dc2626', '#475569', '#059669'][k]}"/><rect x="${63 + i * 68}" y="458" width="36" height="20" rx="4" fill="#cbd5e1"/>`,
    )
    .join('');
  return frame(
    dirty
      ? 'Retail parking lot before cleaning, with litter across the stalls'
      : 'Retail parking lot after cleaning, clear stalls and curbs',
    building(60, 180, 680, 180, '#e7e5e4', 'WEST ALLIS PLAZA') +
      `<rect x="0" y="360" width="${W}" height="${H - 360}" fill="${dirty ? '#57534e' : '#44403c'}"/><rect x="0" y="360" width="${W}" height="14" fill="#d6d3d1"/>` +
      stalls +
      cars +
      (dirty
        ? litter(7, 70, { x: 10, y: 380, w: 780, h: 210 }) +
          `<rect x="610" y="372" width="120" height="40" fill="#a8a29e"/>` +
          litter(9, 14, { x: 610, y: 372, w: 120, h: 36 })
        : `<rect x="610" y="372" width="120" height="40" fill="#a8a29e"/>`),
    dirty,
  );
}

function officeEntrance(dirty: boolean) {
  return frame(
    dirty
      ? 'Office entrance before cleaning, with leaves and cigarette butts on the walkway'
      : 'Office entrance after cleaning, with a clear walkway',
    building(120, 120, 560, 300, '#cbd5e1', 'BROOKFIELD CORPORATE CENTER') +
      `<rect x="340" y="280" width="120" height="140" fill="#0ea5e9" opacity="0.6"/><rect x="398" y="280" width="4" height="140" fill="#334155"/>` +
      `<path d="M0 420 H800 V600 H0z" fill="#a3e635" opacity="0.55"/><path d="M320 420 H480 L560 600 H240z" fill="#e7e5e4"/>` +
      `<rect x="520" y="380" width="26" height="44" rx="4" fill="#475569"/><rect x="250" y="380" width="26" height="44" rx="4" fill="#475569"/>` +
      `<circle cx="170" cy="420" r="36" fill="#15803d"/><circle cx="640" cy="420" r="36" fill="#15803d"/>` +
      (dirty ? litter(21, 55, { x: 250, y: 425, w: 300, h: 170 }) + litter(23, 25, { x: 40, y: 440, w: 720, h: 150 }) : ''),
    dirty,
  );
}

function dumpster(dirty: boolean) {
  const bags = dirty
    ? Array.from(
        { length: 9 },
        (_, i) =>
          `<ellipse cx="${250 + (i % 5) * 70}" cy="${470 + Math.floor(i / 5) * 50}" rx="34" ry="26" fill="#1f2937"/><path d="M${244 + (i % 5) * 70} ${446 + Math.floor(i / 5) * 50}l6 -14l6 14z" fill="#1f2937"/>`,
      ).join('') + litter(31, 60, { x: 60, y: 420, w: 680, h: 170 })
    : '';
  return frame(
    dirty
      ? 'Dumpster enclosure before cleaning, with overflowing bags on the ground'
      : 'Dumpster enclosure after cleaning, bins closed and ground clear',
    building(0, 100, 800, 240, '#d6d3d1', 'OAK CREEK DISTRIBUTION') +
      `<rect x="0" y="340" width="${W}" height="${H - 340}" fill="#78716c"/>` +
      `<rect x="190" y="300" width="420" height="150" fill="#a8a29e"/><rect x="200" y="310" width="400" height="140" fill="#57534e"/>` +
      `<rect x="230" y="330" width="160" height="110" rx="6" fill="#15803d"/><rect x="410" y="330" width="160" height="110" rx="6" fill="#1d4ed8"/>` +
      `<rect x="226" y="${dirty ? 312 : 324}" width="168" height="12" rx="3" fill="#166534" ${dirty ? 'transform="rotate(-12 226 324)"' : ''}/><rect x="406" y="324" width="168" height="12" rx="3" fill="#1e3a8a"/>` +
      bags,
    dirty,
  );
}

function apartments(dirty: boolean) {
  const fence = Array.from({ length: 40 }, (_, i) => `<rect x="${i * 20}" y="330" width="6" height="50" fill="#78716c"/>`).join('');
  return frame(
    dirty
      ? 'Apartment grounds before cleanup, with trash in the beds and along the pond'
      : 'Apartment grounds after cleanup, with clean beds and pond edge',
    building(40, 110, 340, 200, '#fed7aa', 'BUILDING A') +
      building(420, 130, 340, 180, '#fde68a', 'BUILDING B') +
      fence +
      `<rect x="0" y="345" width="${W}" height="4" fill="#78716c"/>` +
      `<rect x="0" y="380" width="${W}" height="220" fill="#65a30d"/><ellipse cx="560" cy="500" rx="200" ry="60" fill="#0284c7" opacity="0.8"/>` +
      `<path d="M40 420 h260 v50 h-260z" fill="#92400e" opacity="0.75"/><circle cx="90" cy="420" r="22" fill="#166534"/><circle cx="170" cy="415" r="26" fill="#166534"/><circle cx="250" cy="420" r="22" fill="#166534"/>` +
      (dirty
        ? litter(41, 45, { x: 30, y: 395, w: 300, h: 90 }) +
          litter(43, 40, { x: 350, y: 440, w: 430, h: 120 }) +
          litter(45, 25, { x: 0, y: 350, w: 800, h: 30 })
        : ''),
    dirty,
  );
}

const scenes: Record<string, (dirty: boolean) => string> = {
  'retail-lot': retailLot,
  'office-entrance': officeEntrance,
  dumpster,
  'apartment-grounds': apartments,
};

for (const [name, draw] of Object.entries(scenes)) {
  writeFileSync(`public/gallery/${name}-before.svg`, draw(true));
  writeFileSync(`public/gallery/${name}-after.svg`, draw(false));
}
console.log(`wrote ${Object.keys(scenes).length * 2} illustrations to public/gallery/`);
