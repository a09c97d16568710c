// What the app mounts of sign-in (docs/architecture.md#crm-features); the set-up password page is a lazy
// chunk (page-chunks.ts).
export { LoginPage } from './LoginPage.tsx';
export { RequireAuth } from './RequireAuth.tsx';
