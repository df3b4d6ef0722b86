import { instantDateText } from './date-formats';

/** What a photo from the free property visit says about itself: the page's alt text and caption, and the PDF's caption. */
export interface VisitPhotoFacts {
  caption: string;
  propertyName: string;
  takenAt: string | null;
}

/** "Brookfield Square East, taken Oct 2, 2026" (the day in Milwaukee), or the property alone when the day is not known. */
export const visitPhotoPlace = (photo: Pick<VisitPhotoFacts, 'propertyName' | 'takenAt'>) =>
  photo.takenAt ? `${photo.propertyName}, taken ${instantDateText(photo.takenAt)}` : photo.propertyName;

/**
 * A photo's alt text: what it shows (the crew's caption), the property and the day it was taken, so a
 * screen reader hears what a sighted prospect sees ("Litter along the berm. Brookfield Square East, taken Oct 2, 2026").
 */
export function visitPhotoAlt(photo: VisitPhotoFacts, index: number): string {
  const caption = photo.caption.trim().replace(/[.\s]+$/, '');
  return `${caption || `Photo ${index + 1} from the property visit`}. ${visitPhotoPlace(photo)}`;
}
