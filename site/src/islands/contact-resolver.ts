// Loaded on demand (see form/lazy-resolver.ts): everything that pulls zod into the contact form.
import './form/zod-without-eval.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactMessageSchema } from '@shine/shared/contact';

export const contactResolver = zodResolver(contactMessageSchema);
