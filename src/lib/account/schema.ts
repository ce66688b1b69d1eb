import { z } from 'zod';
import { DISTRICT_PAGE } from '../contract/values.ts';
import {
  ADDRESS_MAX,
  PASSWORD_MAX,
  genderCode,
  genderOf,
  validateAddress,
  validateBio,
  validateDistrict,
  validateName,
  validateNewPassword,
  validatePhone,
  normalizePhone,
  type ValidationCode,
} from './rules.ts';
import { emailSchema } from '../auth/schema.ts';

/*
 * Accounts (spec 01 §3, §7.1; spec 02 §3, §7 "Profile settings"): registration, e-mail links,
 * profile and password changes, districts, uploads and social sign-in. The field rules are the
 * pure checks of src/lib/account/rules.ts; a failed check is a 400 whose code is the
 * check's code (`name_too_short`, `phone_digits`, ...).
 */

/** A zod string that must pass `check` (its code becomes the issue message, hence the error code). */
function checked(check: (value: string) => ValidationCode | null) {
  return z.string({ error: 'required' }).superRefine((value, ctx) => {
    const code = check(value);
    if (code) ctx.addIssue({ code: 'custom', message: code });
  });
}

const optionalText = (max: number, code: string) =>
  z
    .string()
    .trim()
    .max(max, { error: code })
    .nullish()
    .transform((v) => (v ? v : null));

/** District ids are Kemendagri codes such as `32.73.01`. */
export const districtIdSchema = z
  .string({ error: 'district_required' })
  .trim()
  .superRefine((value, ctx) => {
    const code = validateDistrict(value) ?? (/^\d{2}\.\d{2}\.\d{2,4}$/.test(value) ? null : 'invalid_district');
    if (code) ctx.addIssue({ code: 'custom', message: code });
  });

/** A person's name, by the rules of account-validation.ts. */
export const nameSchema = checked(validateName).transform((v) => v.trim());
const phoneSchema = z
  .string()
  .nullish()
  .superRefine((value, ctx) => {
    const code = validatePhone(value);
    if (code) ctx.addIssue({ code: 'custom', message: code });
  })
  .transform((v) => (v && v.trim() ? normalizePhone(v) : null));
/** A new password, by the rules of account-validation.ts. */
export const newPasswordSchema = z.string({ error: 'password_required' }).superRefine((value, ctx) => {
  const code = validateNewPassword(value);
  if (code) ctx.addIssue({ code: 'custom', message: code });
});

/** POST auth/register (spec 01 §3, spec 03 §7.1). The e-mail is lowercased. */
export const registerSchema = z.object({
  provider: z.literal('local', { error: 'invalid_provider' }),
  data: z.object({
    email: emailSchema,
    password: newPasswordSchema,
    extras: z.object({
      name: nameSchema,
      address: optionalText(ADDRESS_MAX, 'address_too_long'),
      phone: phoneSchema,
      district_id: districtIdSchema,
      /** The product's own organisation when omitted. */
      organization_id: z.uuid({ error: 'invalid_organization' }).nullish(),
    }),
  }),
});
export type RegisterInput = z.input<typeof registerSchema>;

/** POST auth/resend-verification and auth/reset-password-ticket. */
export const emailOnlySchema = z.object({ email: emailSchema });
export type EmailOnlyInput = z.infer<typeof emailOnlySchema>;

/** GET auth/email-check. */
export const emailCheckQuerySchema = z.object({ email: emailSchema });

/** A one-time token from an e-mail link. */
export const linkToken = z.string({ error: 'invalid_token' }).trim().min(20, { error: 'invalid_token' }).max(200, { error: 'invalid_token' });

/** POST auth/verify-email: the token of the verification link. */
export const verifyEmailSchema = z.object({ token: linkToken });

/** POST auth/reset-password: the token of the reset link and the new password. */
export const resetPasswordSchema = z.object({ token: linkToken, password: newPasswordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The profile fields PUT auth/account takes with scope profile; absent fields stay as they are. */
export const profileFieldsSchema = z
  .object({
    name: nameSchema.optional(),
    phone: phoneSchema.optional(),
    district_id: districtIdSchema.optional(),
    address: z
      .string()
      .nullish()
      .superRefine((value, ctx) => {
        const code = validateAddress(value);
        if (code) ctx.addIssue({ code: 'custom', message: code });
      })
      .transform((v) => (v && v.trim() ? v.trim() : null))
      .optional(),
    bio: z
      .string()
      .nullish()
      .superRefine((value, ctx) => {
        const code = validateBio(value);
        if (code) ctx.addIssue({ code: 'custom', message: code });
      })
      .transform((v) => (v && v.trim() && v.trim() !== 'null' ? v.trim() : null))
      .optional(),
    /** Any code of spec 02 §3 (M, L, male, laki-laki / F, P, female, perempuan); stored as M or F. */
    gender: z
      .string()
      .max(20, { error: 'invalid_gender' })
      .nullish()
      .superRefine((value, ctx) => {
        if (value && value.trim() && !genderOf(value)) ctx.addIssue({ code: 'custom', message: 'invalid_gender' });
      })
      .transform((v) => genderCode(genderOf(v)))
      .optional(),
    /** An uploaded object (images/avatars) that becomes the avatar. */
    avatar_file_id: z.uuid({ error: 'invalid_avatar_file_id' }).optional(),
  })
  .refine((data) => Object.values(data).some((v) => v !== undefined), { error: 'nothing_to_update' });

export const passwordChangeSchema = z.object({
  old_password: z.string({ error: 'old_password_required' }).min(1, { error: 'old_password_required' }).max(PASSWORD_MAX),
  new_password: newPasswordSchema,
});

/** PUT auth/account: `{ scope: 'profile', data }` or `{ scope: 'password', data: { old_password, new_password } }`. */
export const accountUpdateSchema = z.discriminatedUnion(
  'scope',
  [
    z.object({ scope: z.literal('profile'), data: profileFieldsSchema }),
    z.object({ scope: z.literal('password'), data: passwordChangeSchema }),
  ],
  { error: 'invalid_scope' },
);
export type AccountUpdateInput = z.input<typeof accountUpdateSchema>;

/** POST webhook/check-account: is this the caller's password? */
export const checkAccountSchema = z.object({ password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(PASSWORD_MAX) });

/** GET webhook/district-list (spec 02 §7): paged by 25; `q` or `filter` `{"d.name":{"ilike":"..."}}` searches names. */
export const districtListQuerySchema = z.object({
  limit: z.coerce.number({ error: 'invalid_limit' }).int({ error: 'invalid_limit' }).min(1, { error: 'invalid_limit' }).max(100, { error: 'invalid_limit' }).default(DISTRICT_PAGE),
  offset: z.coerce.number({ error: 'invalid_offset' }).int({ error: 'invalid_offset' }).min(0, { error: 'invalid_offset' }).max(100_000, { error: 'invalid_offset' }).default(0),
  q: z.string().trim().max(100, { error: 'invalid_q' }).optional(),
  filter: z.string().max(1000, { error: 'invalid_filter' }).optional(),
});
export type DistrictListQuery = z.input<typeof districtListQuerySchema>;

/** POST auth/google/token: an ID token the web server obtained from the OpenID provider. */
export const socialTokenSchema = z.object({ id_token: z.string({ error: 'invalid_id_token' }).min(20, { error: 'invalid_id_token' }).max(8000, { error: 'invalid_id_token' }) });

/** POST auth/google/link: confirm linking with the existing account's password. */
export const socialLinkSchema = z.object({
  link_token: linkToken,
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(PASSWORD_MAX),
});

/** Where uploads may go (spec 02 §7). */
export const STORAGE_PATHS = ['images/avatars', 'images/posts', 'images/quizzes'] as const;

/** The text fields of POST storage/uploadobject (the file travels beside them). */
export const uploadFieldsSchema = z.object({
  bucketName: z.uuid({ error: 'invalid_bucket' }),
  storagePath: z.enum(STORAGE_PATHS, { error: 'invalid_storage_path' }),
  fileName: z.string().trim().max(200, { error: 'invalid_file_name' }).optional(),
});

/**
 * The body of storage/removeobject: the id uploadobject answered. The client's wrapper sends bodies
 * of storage paths inside `data`; a bare `{ objId }` is taken too.
 */
export const removeObjectSchema = z.preprocess(
  (body) => (body && typeof body === 'object' && 'data' in body && body.data && typeof body.data === 'object' ? body.data : body),
  z.object({ objId: z.uuid({ error: 'invalid_object_id' }) }),
);

// ---------------------------------------------------------------------------------------------
// Responses

/** One district of the list (spec 02 §3). */
export interface District {
  id: string;
  name: string;
  regency_name: string;
  province_name: string;
}

/** The signed-in user's profile as settings show it (spec 02 §3 Profile). */
export interface AccountProfile {
  id: string;
  name: string;
  email: string;
  gender: string | null;
  phone: string | null;
  address: string | null;
  district_id: string | null;
  district_name: string | null;
  regency_name: string | null;
  province_name: string | null;
  bio: string | null;
  avatar_url: string | null;
  verified: boolean;
  role: { role_code: number };
  organizations: { id: string; name: string };
  epustaka: { id: string; epustaka_name: string }[];
  /** Whether the account has a password (a social-only account has none). */
  has_password: boolean;
}

/** What POST storage/uploadobject answers: the stored object's id, which a profile or post then names, and its name (spec 02 §3). */
export interface UploadResult {
  objId: string;
  objName: string;
}

/** A message of the development outbox. */
export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  kind: string;
  text: string;
  links: string[];
  created_at: string;
}

/** The answer of calls whose text the page shows as is (spec 01 §7.1 reset ticket). */
export interface MessageResult {
  message: string;
}

export { ADDRESS_MAX };
