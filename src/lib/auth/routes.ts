/** The auth screens anyone may open (spec 01 §2.1). */
export const PUBLIC_AUTH_ROUTES: readonly string[] = [
  '/login',
  '/register',
  '/forgot-password',
  '/auth/reset-password',
  '/email-verified',
  '/not-activated',
  '/auth-socmed',
  '/link-socmed',
  '/first-admin',
];
