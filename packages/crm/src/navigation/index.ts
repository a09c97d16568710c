// The CRM's addresses: the path of each section and of a lead, and the section an address names
// (docs/architecture.md#crm-features). Part of the first load (page-chunks.ts reads it): it stays small.
export { leadPath, sectionInAddress, sectionPath, settingsPath } from './section-paths.ts';
