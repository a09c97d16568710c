// Loaded on demand (see form/lazy-resolver.ts): everything that pulls zod into the quote form.
import '../form/zod-without-eval.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { quoteSubmissionSchema } from '@shine/shared/quote';

export const quoteResolver = zodResolver(quoteSubmissionSchema);
