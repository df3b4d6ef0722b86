import { FileDown } from 'lucide-react';
import { buttonClass } from '../ui/button';
import { Card } from '../ui/card';
import { ESTIMATE_TERMS } from '../../../shared/estimate-terms';

/** A link to the estimate's PDF (the signed copy once accepted). */
export function PdfLink({ href, label = 'Download PDF' }: { href: string; label?: string }) {
  return (
    <a href={href} className={buttonClass({ variant: 'secondary' })}>
      <FileDown className="size-4" aria-hidden="true" />
      {label}
    </a>
  );
}

/** The terms the customer agrees to, in the very words the PDF prints, and the PDF itself. */
export function TermsAndPdf({ pdfUrl }: { pdfUrl: string }) {
  return (
    <Card aria-labelledby="estimate-terms" padding="p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="estimate-terms" className="text-lg font-bold text-slate-900 dark:text-white">
          Terms and conditions
        </h2>
        <PdfLink href={pdfUrl} />
      </div>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-700 marker:text-slate-500 dark:text-slate-300">
        {ESTIMATE_TERMS.map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ol>
    </Card>
  );
}
