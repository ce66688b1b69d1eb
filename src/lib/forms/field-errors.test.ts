import { describe, expect, test } from 'vitest';
import { checkField, remainingErrors } from './field-errors.ts';

type Field = 'name' | 'old_password' | 'new_password' | 'confirm_password';

describe('remainingErrors', () => {
  test('the edited field loses its error once the rules pass, others keep theirs', () => {
    const errors = { name: 'name_required', new_password: 'password_too_short' };
    expect(remainingErrors<Field>(errors, { new_password: 'password_too_short' }, 'name')).toEqual({ new_password: 'password_too_short' });
  });

  test('the edited field shows what is wrong now while it is still wrong', () => {
    expect(remainingErrors<Field>({ new_password: 'password_required' }, { new_password: 'password_too_short' }, 'new_password')).toEqual({ new_password: 'password_too_short' });
  });

  test('a field fixed through another one (the confirmation) loses its error', () => {
    expect(remainingErrors<Field>({ confirm_password: 'password_mismatch' }, {}, 'new_password')).toEqual({});
  });

  test("a server's error stays until its own field is edited", () => {
    const errors = { old_password: 'wrong_old_password' };
    expect(remainingErrors<Field>(errors, {}, 'new_password')).toEqual(errors);
    expect(remainingErrors<Field>(errors, {}, 'old_password')).toEqual({});
  });
});

describe('checkField', () => {
  test('applies the shared rules', () => {
    expect(checkField('required', '  ')).toBe('required');
    expect(checkField('email', 'a@b')).toBe('invalid_email');
    expect(checkField('email', 'a@b.id')).toBeNull();
    expect(checkField('new-password', 'short')).toBe('password_too_short');
    expect(checkField('confirm', 'abcdefgh', 'abcdefgi')).toBe('password_mismatch');
    expect(checkField('confirm', 'abcdefgh', 'abcdefgh')).toBeNull();
    expect(checkField('name', 'Sekar')).toBeNull();
    expect(checkField('phone', '08x')).toBe('phone_digits');
  });
});
