import { ArrowRight } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';

/** The call-to-action that closes a section and scrolls to the quote form. */
export function QuoteLink({ children = 'Get a free quote', className }: { children?: string; className?: string }) {
  return (
    <div className={className ?? 'mt-12 text-center'}>
      <a href="#contact" className={buttonClass({ size: 'lg' })}>
        {children}
        <ArrowRight className="size-4" aria-hidden="true" />
      </a>
    </div>
  );
}
