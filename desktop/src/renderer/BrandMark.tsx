import { DEFAULT_COMPANY } from '@shine/shared/company';

/** The app icon's star and the product name, drawn inline so no screen depends on loading an image. */
export function BrandMark() {
  return (
    <div className="gate-brand">
      <svg className="gate-brand-icon" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="currentColor" />
        <path d="M32 12l5.6 12.4 13.4 1.5-10 9.1 2.8 13.3L32 41.6l-11.8 6.7 2.8-13.3-10-9.1 13.4-1.5z" fill="#fff" />
      </svg>
      <span className="gate-brand-name">{DEFAULT_COMPANY.shortName} CRM</span>
    </div>
  );
}
