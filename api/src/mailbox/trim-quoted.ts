// The customer's own words of a reply: the quoted history under "On … wrote:", "-----Original
// Message-----", Outlook's "From: … Sent: …" block, "> " lines and a "Sent from my phone" signature
// are cut by email-reply-parser (Crisp's port of GitHub's parser). Our one rule on top: a message that
// is nothing but quote (a forward, an unknown language's header) is kept whole, never stored empty.
import EmailReplyParser from 'email-reply-parser';

const parser = new EmailReplyParser();

export function trimQuotedHistory(text: string): string {
  const normalized = text.replace(/\r\n?/g, '\n');
  const visible = parser.parseReply(normalized).trim();
  return visible || normalized.trim();
}
