import { useMutation } from '@tanstack/react-query';
import type { QuoteRequestCreated, QuoteRequestFormValues } from '../../../../shared/quote-request-schema';
import { sendJson } from '../../../lib/api-client';

/** What the quote form sends: the request, and the honeypot field as the visitor's browser filled it. */
export type NewQuoteRequest = QuoteRequestFormValues & { company_website?: string };

/** POST /api/contact */
export const createQuoteRequest = (data: NewQuoteRequest) => sendJson<QuoteRequestCreated>('POST', '/api/contact', data);

export const useCreateQuoteRequest = () => useMutation({ mutationFn: createQuoteRequest });
