// How a customer pays without a card, in the same words on the pay page and in the invoice e-mail.
import { DEFAULT_COMPANY } from '@shine/shared/company';

export function cashCheckInstructions(company: { name: string; postalAddress: string }, number: string): string[] {
  const address = company.postalAddress
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(', ');
  return [
    `Cash or check: hand it to your crew at your next cleaning, or mail a check payable to ${company.name}${address ? ` to ${address}` : ''}.`,
    `Please write the invoice number, ${number}, on the check.`,
    `Questions about this invoice? Call us at ${DEFAULT_COMPANY.phone}.`,
  ];
}
