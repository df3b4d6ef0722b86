/**
 * Renders the gallery illustrations to JPEG "field photos" for the example import
 * (docs/examples). Each carries camera EXIF with GPS, as a phone photo would, so an
 * import shows that the photo store strips it.
 * Run: npx tsx scripts/make-example-photos.ts
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const scenes = ['retail-lot', 'office-entrance', 'dumpster', 'apartment-grounds'];
for (const scene of scenes) {
  for (const kind of ['before', 'after']) {
    const svg = readFileSync(`public/gallery/${scene}-${kind}.svg`);
    await sharp(svg, { density: 192 })
      .resize(1600, 1200)
      .jpeg({ quality: 78, mozjpeg: true })
      .withExif({
        IFD0: { Make: 'Lakeshore Field Phone', Model: 'Crew Cam' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 1/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '87/1 57/1 0/1' },
      })
      .toFile(`docs/examples/photos/${scene}-${kind}.jpg`);
  }
}
console.log(`wrote ${scenes.length * 2} photos to docs/examples/photos/`);
