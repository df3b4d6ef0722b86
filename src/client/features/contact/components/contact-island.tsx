import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Toaster } from '../../../components/ui/toaster';
import { createQueryClient } from '../../../lib/query-client';
import { ContactForm } from './contact-form';

/** The quote form with its own query client and toasts, hydrated as one island. */
export function ContactIsland() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ContactForm />
      <Toaster />
    </QueryClientProvider>
  );
}
