import { useEffect, useState } from 'react';
import { SvgIcon } from './SvgIcon.tsx';
import { takeFlashToast, useToast } from './toast/toast.ts';
import { ToastViewport } from './toast/ToastViewport.tsx';
import { useIsHydrated } from './use-is-hydrated.ts';

interface Props {
  code: string;
}

const COPIED_RESET_MS = 2_500;

/**
 * The thank-you page's island: the copy-code button, and the toast viewport that shows the quote
 * form's success toast handed over from the previous page.
 */
export function PromoCodeCopy({ code }: Props) {
  const isHydrated = useIsHydrated();
  const { toast, show, dismiss } = useToast();
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    const flash = takeFlashToast();
    if (flash) show(flash);
  }, [show]);

  useEffect(() => {
    if (status === 'idle') return;
    const timer = window.setTimeout(() => setStatus('idle'), COPIED_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setStatus('copied');
    } catch {
      // Clipboard blocked (permissions, insecure origin): the code stays visible to copy by hand.
      setStatus('failed');
    }
  };

  return (
    <>
      <button type="button" className="btn btn--outline promo-copy" onClick={copy} disabled={!isHydrated}>
        <SvgIcon name={status === 'copied' ? 'check' : 'copy'} size={18} />
        {status === 'copied' ? 'Copied!' : 'Copy Code'}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {status === 'copied' && `Code ${code} copied to clipboard`}
        {status === 'failed' && `Could not copy. The code is ${code}.`}
      </span>
      <ToastViewport toast={toast} onDismiss={dismiss} />
    </>
  );
}
