import { z } from 'zod';
import { emailSchema } from './schema.ts';
import { linkToken, nameSchema, newPasswordSchema } from '../account/schema.ts';

/** GET auth/first-admin: whether the one-time link printed at the first start still works. */
export const firstAdminQuerySchema = z.object({ token: linkToken });

/** POST auth/first-admin: the one-time token and the first administrator's name, e-mail and password. */
export const firstAdminSchema = z.object({ token: linkToken, name: nameSchema, email: emailSchema, password: newPasswordSchema });
export type FirstAdminInput = z.infer<typeof firstAdminSchema>;

/** What GET auth/first-admin answers for a working link. */
export interface FirstAdminLink {
  organization_name: string;
}
