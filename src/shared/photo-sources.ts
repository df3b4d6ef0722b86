/**
 * A stored photo's WebP files as an <img> takes them: `src` at 1200 px (or the largest below it)
 * and a `srcSet` of every width. `base` is where its files are served, such as `/api/photos/<id>`
 * for staff and the owner's users, or an estimate's own route for the prospect's page.
 */
export function photoSources(base: string, widths: readonly number[]): { src: string; srcSet: string } {
  const shown = widths.filter((width) => width <= 1200).at(-1) ?? widths[0]!;
  return { src: `${base}/${shown}.webp`, srcSet: widths.map((width) => `${base}/${width}.webp ${width}w`).join(', ') };
}
