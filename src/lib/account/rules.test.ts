import { describe, expect, test } from 'vitest';
import {
  bioText,
  genderCode,
  genderOf,
  sniffImageType,
  validateDistrict,
  validateImageFile,
  validateName,
  validateNewPassword,
  validatePasswordConfirm,
  validatePasswordForm,
  validatePhone,
  normalizePhone,
  validateProfileForm,
} from './rules.ts';

describe('validateName', () => {
  test.each([
    ['', 'name_required'],
    ['   ', 'name_required'],
    [null, 'name_required'],
    ['#Sari', 'name_symbol_start'],
    ['  .Budi', 'name_symbol_start'],
    ['1Budi', 'name_symbol_start'],
    ['Al', 'name_too_short'],
    ['  Al  ', 'name_too_short'],
    ['x'.repeat(101), 'name_too_long'],
  ])('%j is %s', (name, code) => {
    expect(validateName(name)).toBe(code);
  });

  test.each(['Ani', '  Sekar Ayu ', 'Ṣalāḥ', 'Ni Luh Putu'])('%j passes', (name) => {
    expect(validateName(name)).toBeNull();
  });
});

describe('validatePhone', () => {
  test.each([
    ['', null],
    [null, null],
    ['0812-3456-789', null],
    ['+62812345678', null],
    ['0812 3456', null],
    ['0812-3456-7890', null],
    ['+62 812-3456-7890', null],
    ['0812-3456-78901', null],
    ['08a2', 'phone_digits'],
    ['+', 'phone_digits'],
    ['62+812', 'phone_digits'],
    ['-0812', 'phone_digits'],
    ['0812--', 'phone_digits'],
    ['0812-3456-789012', 'phone_too_long'],
    ['08123456789012', 'phone_too_long'],
  ])('%j is %s', (phone, code) => {
    expect(validatePhone(phone)).toBe(code);
  });
});

describe('normalizePhone', () => {
  test.each([
    ['0812-3456-7890', '081234567890'],
    [' 0812 3456 7890 ', '081234567890'],
    ['+62 812-3456-7890', '+6281234567890'],
  ])('%j is stored as %j', (phone, stored) => {
    expect(normalizePhone(phone)).toBe(stored);
  });
});

describe('passwords', () => {
  test('a new password is required and at least 8 characters', () => {
    expect(validateNewPassword('')).toBe('password_required');
    expect(validateNewPassword('1234567')).toBe('password_too_short');
    expect(validateNewPassword('12345678')).toBeNull();
  });

  test('the confirmation is required and must match', () => {
    expect(validatePasswordConfirm('rahasia123', '')).toBe('password_confirm_required');
    expect(validatePasswordConfirm('rahasia123', 'rahasia124')).toBe('password_mismatch');
    expect(validatePasswordConfirm('rahasia123', 'rahasia123')).toBeNull();
  });

  test('the password form reports each field', () => {
    expect(validatePasswordForm({ old_password: '', new_password: 'short', confirm_password: 'x' })).toEqual({
      old_password: 'old_password_required',
      new_password: 'password_too_short',
      confirm_password: 'password_mismatch',
    });
    expect(validatePasswordForm({ old_password: 'lama', new_password: 'baru-sekali', confirm_password: 'baru-sekali' })).toEqual({});
  });
});

describe('validateProfileForm', () => {
  test('names each failing field', () => {
    expect(validateProfileForm({ name: 'A', phone: 'abc', district_id: '', address: '', bio: '', gender: '' })).toEqual({
      name: 'name_too_short',
      phone: 'phone_digits',
      district_id: 'district_required',
    });
    expect(validateDistrict('32.73.01')).toBeNull();
  });
});

describe('images', () => {
  const file = (type: string, size: number, name = 'a.png') => ({ type, size, name });

  test('PNG, JPEG and GIF under 2 MB pass; others and 2 MB or more do not', () => {
    expect(validateImageFile(file('image/png', 1000))).toBeNull();
    expect(validateImageFile(file('image/jpeg', 2 * 1024 * 1024 - 1, 'a.jpg'))).toBeNull();
    expect(validateImageFile(file('image/gif', 10, 'a.gif'))).toBeNull();
    expect(validateImageFile(file('', 10, 'foto.JPG'))).toBeNull();
    expect(validateImageFile(file('image/png', 2 * 1024 * 1024))).toBe('image_too_large');
    expect(validateImageFile(file('image/webp', 10, 'a.webp'))).toBe('image_type');
    expect(validateImageFile(file('application/pdf', 10, 'a.png'))).toBe('image_type');
  });

  test('sniffImageType reads signatures, not names', () => {
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('GIF89a...'))).toBe('image/gif');
    expect(sniffImageType(new TextEncoder().encode('GIF88a...'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    expect(sniffImageType(new Uint8Array([]))).toBeNull();
  });
});

describe('gender and bio', () => {
  test.each([
    ['M', 'male'],
    ['L', 'male'],
    ['male', 'male'],
    ['Laki-laki', 'male'],
    ['F', 'female'],
    ['P', 'female'],
    ['female', 'female'],
    ['perempuan', 'female'],
    ['', null],
    [null, null],
    ['x', null],
  ])('%j means %s', (code, gender) => {
    expect(genderOf(code)).toBe(gender);
  });

  test('genders are stored as M and F', () => {
    expect(genderCode('male')).toBe('M');
    expect(genderCode('female')).toBe('F');
    expect(genderCode(null)).toBeNull();
  });

  test('an empty or null bio shows a dash', () => {
    expect(bioText(null)).toBe('-');
    expect(bioText('  ')).toBe('-');
    expect(bioText('null')).toBe('-');
    expect(bioText(' Suka membaca ')).toBe('Suka membaca');
  });
});
