import { ImageOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

/**
 * A gallery picture that falls back to a "Coming Soon" placeholder when the
 * image is missing or fails to load. A failure that happened before hydration
 * is caught on mount (a broken image is complete with no width).
 */
export function GalleryImage({ src, alt }: { src: string | null; alt: string }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  if (!src || failed) {
    return (
      <div
        role="img"
        aria-label={`${alt}: photo coming soon`}
        className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400"
      >
        <ImageOff className="size-8" aria-hidden="true" />
        <span className="text-sm font-medium">Coming Soon</span>
      </div>
    );
  }
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      width={800}
      height={600}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="aspect-[4/3] w-full object-cover"
    />
  );
}
