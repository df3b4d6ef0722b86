import type { ReactNode } from 'react';
import { company } from '../../../shared/company';
import { cn } from '../../lib/cn';
import { BrandMark } from '../ui/brand-mark';
import { ThemeToggle } from '../ui/theme-toggle';

/**
 * The header of the portal's screens: the brand (a link home), the theme toggle, and any actions.
 * With `sectionsInHeader` (the console from xl up, whose sections sit in the header), the brand's
 * name gives them its room and the mark alone links home, named for assistive technology.
 */
export function PortalHeader({ children, sectionsInHeader = false }: { children?: ReactNode; sectionsInHeader?: boolean }) {
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <a href="/" className="flex items-center gap-3 rounded-lg" aria-label={`${company.name} home page`}>
          <BrandMark className="size-8" />
          <span
            className={cn(
              'hidden whitespace-nowrap font-bold text-slate-900 min-[400px]:inline dark:text-white',
              sectionsInHeader && 'xl:hidden',
            )}
          >
            {company.name}
          </span>
        </a>
        <div className="flex items-center gap-2">
          <ThemeToggle />
          {children}
        </div>
      </div>
    </header>
  );
}
