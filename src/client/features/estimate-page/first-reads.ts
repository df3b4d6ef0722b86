import type { FirstReads } from '../../../shared/first-screen';
import { estimateUrl } from './api/urls';

/** /estimates/:token: the estimate, read without an account (the entry holds the screen itself). */
export const estimateFirstReads: FirstReads = {
  public: true,
  reads: ({ token = '' }, query) => [estimateUrl(token, query.get('version'))],
};
