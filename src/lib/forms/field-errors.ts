import {
  isBlank,
  validateAddress,
  validateEmail,
  validateName,
  validateNewPassword,
  validatePasswordConfirm,
  validatePhone,
  type ValidationCode,
} from '../account/rules.ts';

/*
 * After a failed submit the form keeps its errors, but an error whose field the user has since
 * fixed goes away as soon as it is fixed: the field is checked again with the shared rules on
 * every change. An error only the server could find (a wrong old password, an e-mail already
 * registered) goes away once its field is edited, since the page cannot tell whether it is fixed.
 */

/** The errors still standing after `changed` was edited, given what the rules find now. */
export function remainingErrors<F extends string>(errors: Partial<Record<F, string>>, fresh: Partial<Record<F, string>>, changed: NoInfer<F>): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const field of Object.keys(errors) as F[]) {
    const now = fresh[field];
    if (now) out[field] = field === changed ? now : errors[field]!;
    else if (field !== changed && !isRuleCode(errors[field]!)) out[field] = errors[field]!;
  }
  return out;
}

const RULE_CODES = new Set<string>([
  'required',
  'email_required',
  'invalid_email',
  'name_required',
  'name_symbol_start',
  'name_too_short',
  'name_too_long',
  'phone_digits',
  'phone_too_long',
  'district_required',
  'address_too_long',
  'bio_too_long',
  'old_password_required',
  'password_required',
  'password_too_short',
  'password_too_long',
  'password_confirm_required',
  'password_mismatch',
] satisfies ValidationCode[]);

/** True for a code the shared rules give (and so can take back). */
export function isRuleCode(code: string): boolean {
  return RULE_CODES.has(code);
}

/** The rules a plain form field names in `data-rule`. */
export type FieldRule = 'required' | 'email' | 'name' | 'new-password' | 'confirm' | 'phone' | 'address';

/** Checks one field's value by its rule; `other` is the password a confirmation must equal. */
export function checkField(rule: FieldRule, value: string, other = ''): ValidationCode | null {
  switch (rule) {
    case 'required':
      return isBlank(value) ? 'required' : null;
    case 'email':
      return validateEmail(value);
    case 'name':
      return validateName(value);
    case 'new-password':
      return validateNewPassword(value);
    case 'confirm':
      return validatePasswordConfirm(other, value);
    case 'phone':
      return validatePhone(value);
    case 'address':
      return validateAddress(value);
  }
}
