import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { cardClass } from './ui/card';

/** The inbox's filter bars (quote requests, customer requests): one look for their fields. */
export const fieldClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-950 dark:text-white';
export const labelClass = 'grid gap-1 text-sm font-medium text-slate-700 dark:text-slate-300';
/** How long typing pauses before a search runs. */
export const SEARCH_SETTLE_MS = 300;

/**
 * A filter's list: "all" (the empty value) first, then each [value, text], then any `children`
 * (options that come after the list). Changing it calls `onChange` with the value chosen.
 */
export function FilterSelect(props: {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  all: string;
  options: ReadonlyArray<readonly [value: string, text: ReactNode]>;
  children?: ReactNode;
}) {
  return (
    <label className={labelClass}>
      {props.label}
      <select value={props.value ?? ''} onChange={(event) => props.onChange(event.target.value)} className={fieldClass}>
        <option value="">{props.all}</option>
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
        {props.children}
      </select>
    </label>
  );
}

/**
 * A filter bar: a search landmark named `label`, whose search box (what it finds is the
 * placeholder) comes first and the other fields after it. Nothing is ever submitted.
 */
export function FilterBar(props: {
  label: string;
  search: string;
  onSearch: (text: string) => void;
  placeholder: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      role="search"
      aria-label={props.label}
      onSubmit={(event) => event.preventDefault()}
      className={cn(cardClass({ padding: 'p-3', className: 'flex flex-wrap items-end gap-3' }), props.className)}
    >
      <label className={cn(labelClass, 'min-w-0 flex-1 basis-64 sm:max-w-sm')}>
        Search
        <input
          type="search"
          value={props.search}
          onChange={(event) => props.onSearch(event.target.value)}
          placeholder={props.placeholder}
          className={fieldClass}
        />
      </label>
      {props.children}
    </form>
  );
}
