import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import {
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  PDF_FLOWS,
  READER_FONTS,
  READER_MARGINS,
  READER_THEMES,
  type ReadingPreferences,
} from '../../lib/reader/preferences-rules.ts';
import { THEME_COLOURS } from '../../lib/reader/comfort.ts';
import { $readingPreferences, changeReadingPreferences } from '../../lib/reader/preferences-store.ts';
import { notifyError } from '../../lib/shell/store.ts';

const FONT_STEP = 10;
const LINE_HEIGHTS = [
  { value: 0, key: 'book' },
  { value: 1.3, key: 'tight' },
  { value: 1.6, key: 'normal' },
  { value: 2, key: 'loose' },
] as const;

/**
 * The reading comfort settings (the Display tool): for an EPUB the type size, typeface, line
 * spacing, margins and theme; for a PDF the theme of the reader and how pages follow each other;
 * for a fixed-layout EPUB (pictures of pages) the theme only.
 * Every change shows at once and is saved for the reader's other devices.
 */
export function ReaderSettings({ kind }: { kind: 'pdf' | 'epub' | 'fixed' }) {
  const { t } = useTranslation();
  const preferences = useStore($readingPreferences);
  const change = (patch: Partial<ReadingPreferences>) => changeReadingPreferences(patch, (error) => notifyError(t, error));
  const size = preferences.font_size;

  return (
    <div className="flex flex-col gap-4">
      {kind === 'epub' && (
        <>
          <Group label={t('readerComfort.fontSize')}>
            <div className="flex items-center gap-2">
              <button type="button" className="btn btn-outline size-11 p-0 text-sm" aria-label={t('readerComfort.smaller')} disabled={size <= FONT_SIZE_MIN} onClick={() => change({ font_size: Math.max(FONT_SIZE_MIN, size - FONT_STEP) })}>
                A−
              </button>
              <output className="min-w-14 text-center tabular-nums" aria-live="polite" data-font-size={size}>
                {size}%
              </output>
              <button type="button" className="btn btn-outline size-11 p-0 text-lg" aria-label={t('readerComfort.larger')} disabled={size >= FONT_SIZE_MAX} onClick={() => change({ font_size: Math.min(FONT_SIZE_MAX, size + FONT_STEP) })}>
                A+
              </button>
            </div>
          </Group>
          <Choice
            label={t('readerComfort.typeface')}
            options={READER_FONTS.map((value) => ({ value, text: t(`readerComfort.font.${value}`), className: value === 'serif' ? 'font-serif' : value === 'sans' ? 'font-sans' : '' }))}
            value={preferences.font_family}
            onChange={(font_family) => change({ font_family })}
          />
          <Choice
            label={t('readerComfort.lineHeight')}
            options={LINE_HEIGHTS.map(({ value, key }) => ({ value, text: t(`readerComfort.line.${key}`) }))}
            value={preferences.line_height}
            onChange={(line_height) => change({ line_height })}
          />
          <Choice
            label={t('readerComfort.margin')}
            options={READER_MARGINS.map((value) => ({ value, text: t(`readerComfort.margins.${value}`) }))}
            value={preferences.margin}
            onChange={(margin) => change({ margin })}
          />
        </>
      )}
      <Choice
        label={t('readerComfort.theme')}
        options={READER_THEMES.map((value) => ({ value, text: t(`readerComfort.themes.${value}`), swatch: THEME_COLOURS[value] }))}
        value={preferences.theme}
        onChange={(theme) => change({ theme })}
      />
      {kind === 'pdf' && (
        <Choice
          label={t('readerComfort.flow')}
          options={PDF_FLOWS.map((value) => ({ value, text: t(`readerComfort.flows.${value}`) }))}
          value={preferences.pdf_flow}
          onChange={(pdf_flow) => change({ pdf_flow })}
        />
      )}
    </div>
  );
}

function Group({ label, children }: { label: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="text-base-content/80 mb-1.5 text-sm font-medium">{label}</legend>
      {children}
    </fieldset>
  );
}

interface Option<T> {
  value: T;
  text: string;
  className?: string;
  swatch?: { background: string; text: string };
}

/** A row of toggle buttons of which one is on, each at least 44 px high. */
function Choice<T extends string | number>({ label, options, value, onChange }: { label: string; options: Option<T>[]; value: T; onChange: (value: T) => void }) {
  return (
    <Group label={label}>
      <div className="grid auto-cols-fr grid-flow-col gap-1.5">
        {options.map((option) => (
          <button
            key={String(option.value)}
            type="button"
            aria-pressed={option.value === value}
            className={`btn min-h-11 px-1 text-sm font-normal ${option.value === value ? 'btn-primary' : 'btn-outline'} ${option.className ?? ''}`}
            onClick={() => onChange(option.value)}
          >
            {option.swatch && <Swatch colours={option.swatch} />}
            <span className="truncate">{option.text}</span>
          </button>
        ))}
      </div>
    </Group>
  );
}

/** The theme's page colour with a letter in its text colour. Colours go through SVG attributes, not inline styles. */
function Swatch({ colours }: { colours: { background: string; text: string } }) {
  return (
    <svg className="size-5 shrink-0 rounded-full" viewBox="0 0 20 20" aria-hidden="true">
      <circle cx="10" cy="10" r="9.5" fill={colours.background} stroke="currentColor" strokeOpacity="0.35" />
      <text x="10" y="14" textAnchor="middle" fontSize="10" fill={colours.text}>
        A
      </text>
    </svg>
  );
}
