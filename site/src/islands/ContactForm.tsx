import type { ContactMessage, contactMessageSchema } from '@shine/shared/contact';
import { MESSAGES } from '@shine/shared/messages';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SubmitButton, TextAreaField, TextField } from './form/fields.tsx';
import { createLazyResolver } from './form/lazy-resolver.ts';
import { useToast } from './toast/toast.ts';
import { ToastViewport } from './toast/ToastViewport.tsx';

type ContactFormInput = z.input<typeof contactMessageSchema>;

const DEFAULT_VALUES: ContactFormInput = { name: '', email: '', phone: '', subject: '', message: '' };

const { resolver, preload } = createLazyResolver<ContactFormInput, ContactMessage>(() =>
  import('./contact-resolver.ts').then((module) => module.contactResolver),
);

/** Sending is simulated; the pause lets the button show that something happens. */
const SIMULATED_SEND_MS = 1_000;

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * The contact form (docs/requirements.md#contact). Sending is simulated: nothing leaves the browser. After 1 s the
 * "Message Sent!" toast shows and the form is cleared.
 */
export function ContactForm() {
  const { toast, show, dismiss } = useToast();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormInput, unknown, ContactMessage>({ resolver, defaultValues: DEFAULT_VALUES });

  const onValid = async () => {
    await wait(SIMULATED_SEND_MS);
    reset(DEFAULT_VALUES);
    show({ title: MESSAGES.contact.successTitle, description: MESSAGES.contact.successText, variant: 'success' });
  };

  return (
    <>
      <form
        className="form-card"
        method="post"
        noValidate
        aria-labelledby="contact-form-title"
        aria-busy={isSubmitting}
        onFocus={preload}
        onPointerEnter={preload}
        onSubmit={async (event) => {
          if (isSubmitting) {
            event.preventDefault();
            return;
          }
          try {
            await handleSubmit(onValid)(event);
          } catch {
            // The validation module could not be fetched (offline); the values stay for another try.
          }
        }}
      >
        <div className="form-grid">
          <h2 id="contact-form-title" className="contact-form__title">
            Send Us a Message
          </h2>
          <p className="form-note">
            Fields marked <span aria-hidden="true">*</span>
            <span className="visually-hidden">with an asterisk</span> are required.
          </p>
          <TextField
            id="contact-name"
            className="field--half"
            label="Name"
            isRequired
            autoComplete="name"
            registration={register('name')}
            error={errors.name?.message}
          />
          <TextField
            id="contact-email"
            className="field--half"
            label="Email"
            isRequired
            type="email"
            autoComplete="email"
            registration={register('email')}
            error={errors.email?.message}
          />
          <TextField
            id="contact-phone"
            className="field--half"
            label="Phone"
            type="tel"
            autoComplete="tel"
            registration={register('phone')}
            error={errors.phone?.message}
          />
          <TextField
            id="contact-subject"
            className="field--half"
            label="Subject"
            registration={register('subject')}
            error={errors.subject?.message}
          />
          <TextAreaField
            id="contact-message"
            label="Message"
            isRequired
            rows={5}
            registration={register('message')}
            error={errors.message?.message}
          />
          <div className="form-actions">
            <SubmitButton busy={isSubmitting} label="Send Message" busyLabel="Sending..." />
          </div>
        </div>
      </form>
      <ToastViewport toast={toast} onDismiss={dismiss} />
    </>
  );
}
