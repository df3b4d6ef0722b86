/** The quote-requests module's public surface: what routes, jobs, the CLI, plugins and other modules may use. */
export { compactQuoteRequestCounts } from './quote-request-counts';
export { markQuoteRequestWon } from './quote-requests.repository';
export { QuoteRequestWriter, quoteRequestWriter } from './quote-request-writer';
export {
  addNote,
  changeStatus,
  exportQuoteRequestsCsv,
  getQuoteRequest,
  inboxStats,
  isHoneypotFilled,
  listQuoteRequests,
  notesOf,
  receiveQuoteRequest,
} from './quote-requests.service';
