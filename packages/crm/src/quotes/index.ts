// What other features use of quotes (docs/architecture.md#crm-features).
export { QuoteBuilder } from './QuoteBuilder.tsx';
export { useQuoteAcceptedAlerts } from './use-quote-accepted-alerts.ts';
