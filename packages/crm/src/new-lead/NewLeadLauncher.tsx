import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { leadPath } from '../navigation/index.ts';
import { Hint } from '../ui/Hint.tsx';
import { useNewLeadShortcut } from './new-lead-shortcut.ts';

// The dialog (its form and the price table) loads on first use, not with the page.
const NewLeadDialog = lazy(() => import('./NewLeadDialog.tsx').then((m) => ({ default: m.NewLeadDialog })));

/** What the form starts with besides its defaults (a missed caller's phone). */
export interface NewLeadPrefill {
  phone?: string;
}

type OpenNewLead = (prefill?: NewLeadPrefill) => void;

const NewLeadContext = createContext<OpenNewLead | null>(null);

/** Opens the New lead dialog (its fields prefilled as given); null outside the CRM page (nothing to open). */
export function useOpenNewLead(): OpenNewLead | null {
  return useContext(NewLeadContext);
}

/**
 * The one New lead dialog of the CRM page, opened by the top bar's button, the Leads section's and
 * the N key; a lead saved opens in the Leads section's drawer.
 */
export function NewLeadProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [prefill, setPrefill] = useState<NewLeadPrefill>({});
  const navigate = useNavigate();
  const show = useCallback((values: NewLeadPrefill = {}) => {
    setPrefill(values);
    setUsed(true);
    setOpen(true);
  }, []);
  useNewLeadShortcut(show);
  return (
    <NewLeadContext.Provider value={show}>
      {children}
      {used ? (
        <Suspense fallback={null}>
          <NewLeadDialog
            open={open}
            prefill={prefill}
            onClose={() => setOpen(false)}
            onSaved={(leadId) => {
              setOpen(false);
              navigate(leadPath(leadId));
            }}
          />
        </Suspense>
      ) : null}
    </NewLeadContext.Provider>
  );
}

/** "New lead" (shortcut N): in the top bar an icon on a phone, a labelled button elsewhere. */
export function NewLeadButton({ iconOnly, type }: { iconOnly?: boolean; type?: 'primary' | 'default' }) {
  const openNewLead = useOpenNewLead();
  if (!openNewLead) return null;
  if (iconOnly) {
    return (
      <Hint title="New lead (N)">
        <Button
          type={type ?? 'text'}
          icon={<PlusOutlined />}
          aria-label="New lead"
          aria-keyshortcuts="N"
          className="touch-target"
          onClick={() => openNewLead()}
        />
      </Hint>
    );
  }
  return (
    <Button
      type={type}
      className="touch-target"
      icon={<PlusOutlined aria-hidden="true" />}
      aria-keyshortcuts="N"
      onClick={() => openNewLead()}
    >
      New lead
    </Button>
  );
}
