import { useEffect, useRef } from 'react';

/** A heading that takes the focus when it appears after an answer (`focus`), so the answer is read out where the form was. */
export function FocusedHeading({ children, id, focus = true }: { children: string; id?: string; focus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h2 ref={ref} id={id} tabIndex={-1} className="text-lg font-bold text-slate-900 outline-none dark:text-white">
      {children}
    </h2>
  );
}
