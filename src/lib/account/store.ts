import { atom, map, type MapStore, type WritableAtom } from 'nanostores';
import { api } from '../http/browser.ts';
import { changeAccountPassword, fetchDistricts, updateAccountProfile, uploadObject } from './api.ts';
import { postLogout } from '../shell/api.ts';
import type { AccountProfile, District } from './schema.ts';
import { DISTRICT_PAGE } from '../contract/values.ts';
import {
  genderCode,
  genderOf,
  validateImageFile,
  validatePasswordForm,
  validateProfileForm,
  type PasswordForm,
  type ProfileForm,
  type ValidationCode,
} from './rules.ts';
import { signInAgainCookie } from '../auth/sign-in-again.ts';
import { formatPhone } from '../contract/format.ts';
import { resetClientState } from '../shell/app-store.ts';
import { loadProfile } from '../auth/session-store.ts';

/*
 * Account state for the settings page and the district picker: actions validate with the shared
 * rules, call the API and keep the result here; the islands only render these stores. Errors are
 * kept as codes (`account.validation.*` / `account.errors.*`) for the islands to translate.
 */

/** A failure to show: a code, the server's message, and how long to wait (rate limits). */
export interface ShownError {
  code: string;
  message?: string;
  retry_after?: number;
}

function shownError(error: unknown): ShownError {
  const e = error as { code?: string; message?: string; body?: { errors?: { retry_after?: number }[] } } | null;
  return { code: e?.code ?? 'generic', message: e?.message, retry_after: e?.body?.errors?.[0]?.retry_after };
}

// ---------------------------------------------------------------------------------------------
// District search (one per picker)

export interface DistrictSearchState {
  query: string;
  items: District[];
  total: number;
  loading: boolean;
  failed: boolean;
}

export interface DistrictSearch {
  $state: MapStore<DistrictSearchState>;
  /** Searches from the first page; quick typing is debounced. */
  search(query: string, options?: { immediate?: boolean }): void;
  /** Appends the next page of 25. */
  loadMore(): Promise<void>;
}

/** A paged, searchable district list (spec 02 §7, §9: pages of 25). */
export function createDistrictSearch(fetcher?: typeof fetch, debounceMs = 250): DistrictSearch {
  const $state = map<DistrictSearchState>({ query: '', items: [], total: 0, loading: false, failed: false });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;

  async function load(query: string, offset: number): Promise<void> {
    const mine = ++generation;
    $state.set({ ...$state.get(), query, loading: true, failed: false });
    try {
      const page = await fetchDistricts({ q: query, offset, limit: DISTRICT_PAGE }, fetcher);
      if (mine !== generation) return;
      const items = offset === 0 ? page.data : [...$state.get().items, ...page.data];
      $state.set({ query, items, total: page.meta.total, loading: false, failed: false });
    } catch (error) {
      if (mine !== generation) return;
      console.error('The district list could not be loaded', error);
      $state.set({ ...$state.get(), loading: false, failed: true });
    }
  }

  return {
    $state,
    search(query, options = {}) {
      clearTimeout(timer);
      if (options.immediate || debounceMs === 0) void load(query, 0);
      else {
        $state.setKey('query', query);
        timer = setTimeout(() => void load(query, 0), debounceMs);
      }
    },
    loadMore() {
      const state = $state.get();
      if (state.loading || state.items.length >= state.total) return Promise.resolve();
      return load(state.query, state.items.length);
    },
  };
}

/** How a chosen district is written in the picker. */
export function districtLabel(district: Pick<District, 'name' | 'regency_name' | 'province_name'>): string {
  return [district.name, district.regency_name, district.province_name].filter(Boolean).join(', ');
}

// ---------------------------------------------------------------------------------------------
// Profile

/** The profile shown by the settings page; seeded from the page's props. */
export const $accountProfile: WritableAtom<AccountProfile | null> = atom<AccountProfile | null>(null);

export interface ProfileFormState {
  saving: boolean;
  errors: Partial<Record<keyof ProfileForm, string>>;
  error: ShownError | null;
  saved: boolean;
}

export const $profileForm = map<ProfileFormState>({ saving: false, errors: {}, error: null, saved: false });

/** The form's starting values for a profile. */
export function profileFormValues(profile: AccountProfile): ProfileForm {
  const bio = profile.bio && profile.bio !== 'null' ? profile.bio : '';
  return {
    name: profile.name,
    phone: formatPhone(profile.phone),
    district_id: profile.district_id ?? '',
    address: profile.address ?? '',
    bio,
    gender: genderOf(profile.gender) ?? '',
  };
}

/** Refreshes the header's cached profile (name and avatar) from the API. */
function refreshHeader(): Promise<void> {
  return loadProfile();
}

/** Validates and saves the profile form (PUT auth/account scope profile). Resolves true when saved. */
export async function saveProfile(form: ProfileForm): Promise<boolean> {
  const codes = validateProfileForm(form);
  if (Object.keys(codes).length > 0) {
    $profileForm.set({ saving: false, errors: codes as Record<string, ValidationCode>, error: null, saved: false });
    return false;
  }
  $profileForm.set({ saving: true, errors: {}, error: null, saved: false });
  try {
    const profile = await updateAccountProfile(api, {
      name: form.name,
      phone: form.phone.trim() || null,
      district_id: form.district_id,
      address: form.address.trim() || null,
      bio: form.bio.trim() || null,
      gender: genderCode(form.gender || null),
    });
    $accountProfile.set(profile);
    $profileForm.set({ saving: false, errors: {}, error: null, saved: true });
    await refreshHeader();
    return true;
  } catch (error) {
    const shown = shownError(error);
    const field = (error as { body?: { errors?: { field?: string }[] } }).body?.errors?.[0]?.field?.split('.').pop();
    if (field && ['name', 'phone', 'district_id', 'address', 'bio'].includes(field)) {
      $profileForm.set({ saving: false, errors: { [field]: shown.code }, error: null, saved: false });
    } else {
      $profileForm.set({ saving: false, errors: {}, error: shown, saved: false });
    }
    return false;
  }
}

/**
 * Forgets the last save's outcome (the form was edited again). With `errors`, those still standing
 * replace the field errors (see domain/field-errors.ts); else the edited field's error goes.
 */
export function touchProfileForm(field?: keyof ProfileForm, remaining?: ProfileFormState['errors']): void {
  const state = $profileForm.get();
  const errors = remaining ? { ...remaining } : { ...state.errors };
  if (field && !remaining) delete errors[field];
  $profileForm.set({ ...state, errors, saved: false });
}

// ---------------------------------------------------------------------------------------------
// Avatar

export type UploadPhase = 'idle' | 'uploading' | 'finishing' | 'ready' | 'saving' | 'error';

export interface AvatarUploadState {
  phase: UploadPhase;
  /** An object URL of the chosen file, for the preview. */
  previewUrl: string | null;
  progress: number;
  objId: string | null;
  error: ShownError | null;
}

const IDLE_UPLOAD: AvatarUploadState = { phase: 'idle', previewUrl: null, progress: 0, objId: null, error: null };

export const $avatarUpload = map<AvatarUploadState>({ ...IDLE_UPLOAD });

let uploadRun = 0;

function extensionOf(file: File): string {
  if (file.type === 'image/png') return 'png';
  if (file.type === 'image/gif') return 'gif';
  return 'jpg';
}

/**
 * Takes the chosen picture: checks type and size in the browser, shows it, and uploads it at once
 * (progress to 100 %, then "finishing" until the server answers). Only the last chosen file counts.
 */
export async function chooseAvatar(file: File, bucketName: string): Promise<void> {
  const run = ++uploadRun;
  const previous = $avatarUpload.get().previewUrl;
  if (previous) URL.revokeObjectURL(previous);
  const code = validateImageFile(file);
  if (code) {
    $avatarUpload.set({ ...IDLE_UPLOAD, phase: 'error', error: { code } });
    return;
  }
  $avatarUpload.set({ phase: 'uploading', previewUrl: URL.createObjectURL(file), progress: 0, objId: null, error: null });
  try {
    const result = await uploadObject({
      bucketName,
      storagePath: 'images/avatars',
      file,
      fileName: `avatar-${Date.now()}.${extensionOf(file)}`,
      onProgress: (percent) => {
        if (run !== uploadRun) return;
        $avatarUpload.set({ ...$avatarUpload.get(), progress: percent, phase: percent >= 100 ? 'finishing' : 'uploading' });
      },
    });
    if (run !== uploadRun) return;
    $avatarUpload.set({ ...$avatarUpload.get(), phase: 'ready', progress: 100, objId: result.objId });
  } catch (error) {
    if (run !== uploadRun) return;
    const shown = shownError(error);
    // Spec 02 §8: a 403 'Quota capacity is exceed' gets its own message.
    if ((error as { status?: number }).status === 403 && /quota/i.test(`${shown.code} ${shown.message}`)) shown.code = 'quota_exceeded';
    $avatarUpload.set({ ...$avatarUpload.get(), phase: 'error', objId: null, error: shown });
  }
}

/** Makes the uploaded picture the avatar, then refreshes the header. Resolves true when saved. */
export async function saveAvatar(): Promise<boolean> {
  const { objId } = $avatarUpload.get();
  if (!objId) return false;
  $avatarUpload.setKey('phase', 'saving');
  try {
    const profile = await updateAccountProfile(api, { avatar_file_id: objId });
    $accountProfile.set(profile);
    resetAvatarUpload();
    await refreshHeader();
    return true;
  } catch (error) {
    $avatarUpload.set({ ...$avatarUpload.get(), phase: 'error', error: shownError(error) });
    return false;
  }
}

export function resetAvatarUpload(): void {
  uploadRun++;
  const previous = $avatarUpload.get().previewUrl;
  if (previous) URL.revokeObjectURL(previous);
  $avatarUpload.set({ ...IDLE_UPLOAD });
}

// ---------------------------------------------------------------------------------------------
// Password

/**
 * What a password change is doing, for the progress it shows (it takes several seconds: the old
 * password is checked and the new one hashed with a deliberately slow function, then every
 * session ends): checking the old password, saving the new one, signing this browser out.
 */
export type PasswordPhase = 'checking' | 'saving' | 'signingOut';

export interface PasswordFormState {
  saving: boolean;
  phase: PasswordPhase | null;
  errors: Partial<Record<keyof PasswordForm, string>>;
  error: ShownError | null;
}

const IDLE_PASSWORD: PasswordFormState = { saving: false, phase: null, errors: {}, error: null };

export const $passwordForm = map<PasswordFormState>({ ...IDLE_PASSWORD });

/** About when the server has checked the old password and starts hashing the new one. */
export const PASSWORD_CHECK_MS = 2500;

/**
 * Changes the password (spec 02 §4.5): on success every session has ended, so this browser signs
 * out (cookies and local storage) and goes to /login, leaving the login page a note to say why and
 * to fill in the e-mail. A wrong old password shows 'Wrong old password'. While it runs, `phase`
 * says what is happening.
 */
export async function changePassword(form: PasswordForm, leave: (url: string) => void = (url) => window.location.assign(url)): Promise<boolean> {
  const codes = validatePasswordForm(form);
  if (Object.keys(codes).length > 0) {
    $passwordForm.set({ ...IDLE_PASSWORD, errors: codes as Record<string, ValidationCode> });
    return false;
  }
  $passwordForm.set({ ...IDLE_PASSWORD, saving: true, phase: 'checking' });
  const email = $accountProfile.get()?.email ?? null;
  const checked = setTimeout(() => {
    if ($passwordForm.get().phase === 'checking') $passwordForm.setKey('phase', 'saving');
  }, PASSWORD_CHECK_MS);
  try {
    await changeAccountPassword(api, { old_password: form.old_password, new_password: form.new_password });
  } catch (error) {
    const shown = shownError(error);
    if (shown.code === 'wrong_old_password') $passwordForm.set({ ...IDLE_PASSWORD, errors: { old_password: shown.code } });
    else $passwordForm.set({ ...IDLE_PASSWORD, error: shown });
    return false;
  } finally {
    clearTimeout(checked);
  }
  $passwordForm.setKey('phase', 'signingOut');
  try {
    await postLogout(api);
  } catch (error) {
    console.error('Clearing the ended session failed; signing out locally', error);
  }
  resetClientState();
  if (email && typeof document !== 'undefined') document.cookie = signInAgainCookie(email, window.location.protocol === 'https:');
  leave('/login');
  return true;
}

export function resetPasswordForm(): void {
  $passwordForm.set({ ...IDLE_PASSWORD });
}

/** Keeps only the field errors still standing after an edit (the form error goes too). */
export function keepPasswordErrors(errors: PasswordFormState['errors']): void {
  const state = $passwordForm.get();
  if (state.saving) return;
  $passwordForm.set({ ...state, errors, error: null });
}
