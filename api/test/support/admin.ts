export const ADMIN_USERNAME = 'admin@example.com';
export const ADMIN_PASSWORD = 'correct-horse-battery-staple';
