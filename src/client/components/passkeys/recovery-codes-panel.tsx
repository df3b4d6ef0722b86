import { Check, Copy, Download } from 'lucide-react';
import { useId, useState } from 'react';
import { company } from '../../../shared/company';
import { buttonClass } from '../ui/button';

/** The codes as a text file: what they are for, and each on its own line. */
function codesFile(codes: string[], email: string) {
  return [
    `${company.name}: recovery codes for ${email}`,
    '',
    'Each code works once, in place of your passkey, after you sign in with an e-mail link.',
    'Keep them somewhere safe and private, away from your phone or laptop.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * Ten recovery codes, shown once: the person copies or downloads them and says they have kept
 * them before going on, since the server keeps only their hashes.
 */
export function RecoveryCodesPanel({
  codes,
  email,
  onDone,
  doneLabel,
}: {
  codes: string[];
  email: string;
  onDone: () => void;
  doneLabel: string;
}) {
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const checkId = useId();
  const download = () => {
    const url = URL.createObjectURL(new Blob([codesFile(codes, email)], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'lakeshore-recovery-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };
  const copy = async () => {
    await navigator.clipboard.writeText(codes.join('\n'));
    setCopied(true);
  };
  return (
    <section aria-labelledby="recovery-codes-title" className="text-left">
      <h2 id="recovery-codes-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Save your recovery codes
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        If you lose this passkey, sign in with an e-mail link and enter one of these codes instead. Each works once. This is the only time
        they are shown: print them, or keep them in a password manager.
      </p>
      <ol className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2 rounded-xl bg-slate-50 p-4 font-mono text-base text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" onClick={() => void copy()} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy codes'}
        </button>
        <button type="button" onClick={download} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          <Download className="size-4" aria-hidden="true" />
          Download codes
        </button>
      </div>
      <div className="mt-4 flex items-start gap-2">
        <input
          id={checkId}
          type="checkbox"
          checked={saved}
          onChange={(event) => setSaved(event.target.checked)}
          className="mt-1 size-4 accent-brand-700"
        />
        <label htmlFor={checkId} className="text-sm text-slate-800 dark:text-slate-200">
          I have saved my recovery codes somewhere safe
        </label>
      </div>
      <button type="button" disabled={!saved} onClick={onDone} className={buttonClass({ className: 'mt-4 w-full' })}>
        {doneLabel}
      </button>
    </section>
  );
}
