/*
 * Account rules of spec 02 §5 and spec 01 §5, shared by the settings and auth forms and, through
 * zod refinements (src/lib/account/schema.ts), by the API. Each check returns null when the
 * value passes, else a code; the texts live under validation.<code> of the account namespace in the locales.
 */

/** A password has 8 to 256 characters (spec 01 §9). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
/** Minimum trimmed name length, most digits of a phone number (spec 02 §9). */
export const NAME_MIN = 3;
export const NAME_MAX = 100;
export const PHONE_MAX = 13;
export const ADDRESS_MAX = 300;
export const BIO_MAX = 500;

/** Images the avatar accepts, under 2 MB (spec 02 §5, §9). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
/** File name endings the picker offers (the avatar also takes .jpg). */
export const IMAGE_EXTENSIONS = ['.png', '.jpeg', '.jpg', '.gif'] as const;

export type ValidationCode =
  | 'required'
  | 'email_required'
  | 'invalid_email'
  | 'name_required'
  | 'name_symbol_start'
  | 'name_too_short'
  | 'name_too_long'
  | 'phone_digits'
  | 'phone_too_long'
  | 'district_required'
  | 'address_too_long'
  | 'bio_too_long'
  | 'old_password_required'
  | 'password_required'
  | 'password_too_short'
  | 'password_too_long'
  | 'password_confirm_required'
  | 'password_mismatch'
  | 'image_type'
  | 'image_too_large';

/** True for a text that is empty or only whitespace (spec 01 §5 helper rule). */
export function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === '';
}

/** True when the first non-space character is a letter, in any script (spec 01 §5 helper rule). */
export function startsWithLetter(value: string): boolean {
  return /^\p{L}/u.test(value.trimStart());
}

/** Profile name: not blank, no symbol first, at least 3 characters once trimmed. */
export function validateName(name: string | null | undefined): ValidationCode | null {
  if (isBlank(name)) return 'name_required';
  const trimmed = name!.trim();
  if (!startsWithLetter(trimmed)) return 'name_symbol_start';
  if ([...trimmed].length < NAME_MIN) return 'name_too_short';
  if ([...trimmed].length > NAME_MAX) return 'name_too_long';
  return null;
}

/**
 * Phone: optional; digits with an optional leading plus, in groups separated by hyphens or spaces
 * (spec 01 writes them xxxx-xxxx-xxxx); at most 13 digits, however they are grouped.
 */
export function validatePhone(phone: string | null | undefined): ValidationCode | null {
  if (isBlank(phone)) return null;
  const trimmed = phone!.trim();
  if (!/^\+?[0-9]+(?:[ -]+[0-9]+)*$/.test(trimmed)) return 'phone_digits';
  if (phoneDigits(trimmed).length > PHONE_MAX) return 'phone_too_long';
  return null;
}

/** The one form a phone number is stored in: its digits, after a leading plus when it had one. */
export function normalizePhone(phone: string): string {
  const trimmed = phone.trim();
  return (trimmed.startsWith('+') ? '+' : '') + phoneDigits(trimmed);
}

/** The digits of a phone number: how two spellings of one number are found equal. */
export function phoneDigits(phone: string): string {
  return phone.replace(/[^0-9]/g, '');
}

export function validateDistrict(districtId: string | null | undefined): ValidationCode | null {
  return isBlank(districtId) ? 'district_required' : null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(email: string | null | undefined): ValidationCode | null {
  if (isBlank(email)) return 'email_required';
  return EMAIL.test(email!.trim()) ? null : 'invalid_email';
}

/** A new password: required, at least 8 characters. */
export function validateNewPassword(password: string | null | undefined): ValidationCode | null {
  if (!password) return 'password_required';
  if (password.length < PASSWORD_MIN) return 'password_too_short';
  if (password.length > PASSWORD_MAX) return 'password_too_long';
  return null;
}

/** The repeated new password: required and equal to the new one. */
export function validatePasswordConfirm(password: string, confirm: string | null | undefined): ValidationCode | null {
  if (!confirm) return 'password_confirm_required';
  return confirm === password ? null : 'password_mismatch';
}

export function validateOldPassword(password: string | null | undefined): ValidationCode | null {
  return password ? null : 'old_password_required';
}

export function validateAddress(address: string | null | undefined): ValidationCode | null {
  return (address ?? '').trim().length > ADDRESS_MAX ? 'address_too_long' : null;
}

export function validateBio(bio: string | null | undefined): ValidationCode | null {
  return (bio ?? '').trim().length > BIO_MAX ? 'bio_too_long' : null;
}

/** A chosen image file as the browser describes it: PNG, JPEG or GIF, under 2 MB. */
export function validateImageFile(file: { type: string; name: string; size: number }): ValidationCode | null {
  const name = file.name.toLowerCase();
  const typeOk = (IMAGE_TYPES as readonly string[]).includes(file.type) || (file.type === '' && IMAGE_EXTENSIONS.some((ext) => name.endsWith(ext)));
  if (!typeOk) return 'image_type';
  if (file.size >= IMAGE_MAX_BYTES) return 'image_too_large';
  return null;
}

/** The image type a file's first bytes show (its signature), or null when it is none we take. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  // GIF87a or GIF89a
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  return null;
}

export type Gender = 'male' | 'female';

/** Spec 02 §3: M, L, male, laki-laki are male; F, P, female, perempuan female; anything else unset. */
export function genderOf(code: string | null | undefined): Gender | null {
  const value = (code ?? '').trim().toLowerCase();
  if (['m', 'l', 'male', 'laki-laki'].includes(value)) return 'male';
  if (['f', 'p', 'female', 'perempuan'].includes(value)) return 'female';
  return null;
}

/** The code a gender is stored as. */
export function genderCode(gender: Gender | null): 'M' | 'F' | null {
  return gender === 'male' ? 'M' : gender === 'female' ? 'F' : null;
}

/** A bio as shown: a dash when empty or the text 'null' (spec 02 §5). */
export function bioText(bio: string | null | undefined): string {
  const value = (bio ?? '').trim();
  return value === '' || value === 'null' ? '-' : value;
}

/** The profile form's fields. */
export interface ProfileForm {
  name: string;
  phone: string;
  district_id: string;
  address: string;
  bio: string;
  gender: Gender | '';
}

/** Every failing field of the profile form with its code; empty when it may be sent. */
export function validateProfileForm(form: ProfileForm): Partial<Record<keyof ProfileForm, ValidationCode>> {
  const errors: Partial<Record<keyof ProfileForm, ValidationCode>> = {};
  const checks: [keyof ProfileForm, ValidationCode | null][] = [
    ['name', validateName(form.name)],
    ['phone', validatePhone(form.phone)],
    ['district_id', validateDistrict(form.district_id)],
    ['address', validateAddress(form.address)],
    ['bio', validateBio(form.bio)],
  ];
  for (const [field, code] of checks) if (code) errors[field] = code;
  return errors;
}

/** The password modal's fields. */
export interface PasswordForm {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

export function validatePasswordForm(form: PasswordForm): Partial<Record<keyof PasswordForm, ValidationCode>> {
  const errors: Partial<Record<keyof PasswordForm, ValidationCode>> = {};
  const old = validateOldPassword(form.old_password);
  const next = validateNewPassword(form.new_password);
  const confirm = validatePasswordConfirm(form.new_password, form.confirm_password);
  if (old) errors.old_password = old;
  if (next) errors.new_password = next;
  if (confirm) errors.confirm_password = confirm;
  return errors;
}

/** The registration form's fields. */
export interface RegisterForm {
  name: string;
  email: string;
  password: string;
  phone: string;
  address: string;
  district_id: string;
}

export function validateRegisterForm(form: RegisterForm): Partial<Record<keyof RegisterForm, ValidationCode>> {
  const errors: Partial<Record<keyof RegisterForm, ValidationCode>> = {};
  const checks: [keyof RegisterForm, ValidationCode | null][] = [
    ['name', validateName(form.name)],
    ['email', validateEmail(form.email)],
    ['password', validateNewPassword(form.password)],
    ['phone', validatePhone(form.phone)],
    ['address', validateAddress(form.address)],
    ['district_id', validateDistrict(form.district_id)],
  ];
  for (const [field, code] of checks) if (code) errors[field] = code;
  return errors;
}
