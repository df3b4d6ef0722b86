export interface GalleryProject {
  id: number;
  title: string;
  location: string;
  /** Path of the before image, or null when it is not available yet. */
  beforeImage: string | null;
  afterImage: string | null;
  description: string;
}

export const galleryProjects: GalleryProject[] = [
  {
    id: 1,
    title: 'Retail Center Parking Lot',
    location: 'West Allis',
    beforeImage: '/gallery/retail-lot-before.svg',
    afterImage: '/gallery/retail-lot-after.svg',
    description: 'A 220-stall lot behind a grocery-anchored strip center, cleaned three mornings a week before the stores open.',
  },
  {
    id: 2,
    title: 'Office Park Entrances',
    location: 'Brookfield',
    beforeImage: '/gallery/office-entrance-before.svg',
    afterImage: '/gallery/office-entrance-after.svg',
    description: 'Walkways, smoking areas and ash urns at a four-building office campus, kept tidy on a weekly route.',
  },
  {
    id: 3,
    title: 'Industrial Dumpster Enclosure',
    location: 'Oak Creek',
    beforeImage: '/gallery/dumpster-before.svg',
    afterImage: '/gallery/dumpster-after.svg',
    description: 'Overflowing bags and windblown debris around a distribution warehouse, cleared and kept under control bi-weekly.',
  },
  {
    id: 4,
    title: 'Apartment Community Grounds',
    location: 'Waukesha',
    beforeImage: '/gallery/apartment-grounds-before.svg',
    afterImage: '/gallery/apartment-grounds-after.svg',
    description: 'Mulch beds, fence lines and a retention pond at a 180-unit community, restored in a one-time spring cleanup.',
  },
];
