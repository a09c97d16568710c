// A lead entered by hand (docs/requirements.md#new-lead): the top bar's and the Leads section's New
// lead button, the N shortcut, and the dialog, loaded on first use.
export { NewLeadButton, type NewLeadPrefill, NewLeadProvider, useOpenNewLead } from './NewLeadLauncher.tsx';
