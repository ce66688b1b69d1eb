/** The visitor as pages and islands see it: no token, only facts for rendering. */
export interface SessionView {
  authenticated: boolean;
  verified: boolean;
  userId: string | null;
  role: number | null;
  organizationId: string | null;
}

export const ANONYMOUS: SessionView = { authenticated: false, verified: false, userId: null, role: null, organizationId: null };
