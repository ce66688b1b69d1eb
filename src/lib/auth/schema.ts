import { z } from 'zod';

/** The number each role has in a token and in the API's answers: guest, parent, student, teacher, admin, super admin (spec 01 §3). */
export const ROLE = { guest: 301, parent: 302, student: 303, teacher: 304, admin: 305, superAdmin: 999 } as const;

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email({ error: 'invalid_email' }));

/** POST auth/login. Extra fields a client may send (device info) are ignored. */
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: 'required' }).max(1024),
  organization_id: z.uuid().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST auth/refresh-token and auth/logout. */
export const refreshSchema = z.object({ refresh_token: z.string().min(20).max(200) });
export type RefreshInput = z.infer<typeof refreshSchema>;

export const logoutSchema = z.object({ refresh_token: z.string().max(200).optional() });

/** Tokens and session facts returned by login and refresh. */
export const tokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** Access-token expiry, `YYYY-MM-DD HH:mm:ss Z`. */
  expired_at: z.string(),
  organization_id: z.uuid(),
  verified: z.boolean(),
  role: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** What the web server tells the page after login or refresh: the tokens stay in HttpOnly cookies. */
export type SessionInfo = Omit<TokenPair, 'access_token' | 'refresh_token'>;

/** GET auth/account. */
export interface Account {
  id: string;
  email: string;
  name: string;
  verified: boolean;
  organization_id: string;
  role_code: number;
  phone: string | null;
  address: string | null;
  district_id: string | null;
  bio: string | null;
  gender: string | null;
  avatar_url: string | null;
}
