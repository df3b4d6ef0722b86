import type { EstimatePhoto } from '../../../../shared/api/estimates';
import { photoSources } from '../../../../shared/photo-sources';
import { cn } from '../../../lib/cn';

/** A photo from the free property visit as staff see it, cropped to 4:3, loaded when scrolled to. */
export function VisitPhoto({
  photo,
  index,
  sizes,
  className,
  alt,
}: {
  photo: Pick<EstimatePhoto, 'id' | 'caption' | 'width' | 'height' | 'variantWidths'>;
  index: number;
  sizes: string;
  className?: string;
  /** Its alt text, when the caller knows more than the caption (the property and the day). */
  alt?: string;
}) {
  const { src, srcSet } = photoSources(`/api/photos/${photo.id}`, photo.variantWidths);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      width={photo.width}
      height={photo.height}
      alt={alt ?? (photo.caption || `Photo ${index + 1} from the property visit`)}
      loading="lazy"
      className={cn('aspect-[4/3] w-full object-cover', className)}
    />
  );
}
