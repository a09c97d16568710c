// What other features use of quotes (docs/architecture.md#one-face-per-feature): the only file of
// this folder another feature imports.
export {
  closedKindOf,
  findAcceptedCustomerQuote,
  lockAcceptedCustomerQuote,
  quoteUrlOf,
  renderAcceptedQuotePage,
  renderClosedQuotePage,
} from './customer-quotes.service.ts';
export type { BookingSection } from './customer-quotes.service.ts';
export type { QuotePageBooking, QuotePageCard } from './quote-page.routes.ts';
export { quoteEmailOf } from './quote-email.service.ts';
export {
  findQuoteContent,
  latestAcceptedQuoteOfLead,
  listQuotesAwaitingAnswer,
  openSentQuotes,
  regularTotalCentsOfQuote,
} from './quotes.service.ts';
export { findCustomerQuote, spentLinkError, toQuote } from './customer-quotes.service.ts';
