import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Toaster } from '../../../components/ui/toaster';
import { createQueryClient } from '../../../lib/query-client';
import { useIsClient } from '../../../lib/use-is-client';
import { ContactForm } from './contact-form';

/** The quote form with its own query client and toasts, hydrated as one island. */
export function ContactIsland() {
  const [queryClient] = useState(createQueryClient);
  // Toasts live only in the browser: Radix renders an inline style on the viewport,
  // which the Content-Security-Policy would refuse in prerendered HTML.
  const isClient = useIsClient();
  return (
    <QueryClientProvider client={queryClient}>
      <ContactForm />
      {isClient ? <Toaster /> : null}
    </QueryClientProvider>
  );
}
