// Loaded on demand (see form/lazy-resolver.ts): everything that pulls zod into the quote form.
import '../form/zod-without-eval.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { quoteRequestSubmissionSchema } from '@shine/shared/quote-request';

export const quoteResolver = zodResolver(quoteRequestSubmissionSchema);
