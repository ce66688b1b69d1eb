import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { ReaderIcon } from './ReaderIcon.tsx';

/** One tool of the sheet: its tab and what it shows. */
export interface SheetTool {
  id: string;
  label: string;
  icon: string;
  render: () => ReactNode;
}

const ICONS: Record<string, string[]> = {
  contents: ['M4 6h16', 'M4 12h16', 'M4 18h10'],
  display: ['M4 19l5-14 5 14', 'M6 14h6', 'M15 19l3-8 3 8', 'M16 16.5h4'],
  zoom: ['M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z', 'M21 21l-4.35-4.35', 'M11 8v6', 'M8 11h6'],
};

/** An icon of the sheet's own, or one of the toolbar's. */
export function ToolIcon({ name, className = 'size-5' }: { name: string; className?: string }) {
  const paths = ICONS[name];
  if (!paths) return <ReaderIcon name={name} className={className} />;
  return (
    <svg className={className} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/**
 * Every reading tool in one place, made for thumbs: a sheet along the bottom of a phone (a panel
 * under the toolbar on a wider screen) with a tab per tool, each target at least 44 px. It leaves
 * the page above it in view, so a search match or a thumbnail's page shows while it is open.
 */
export function ToolsSheet({ tools, active, onSelect, onClose }: { tools: SheetTool[]; active: string; onSelect: (id: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const panelId = useId();
  const root = useRef<HTMLElement>(null);
  const current = tools.find((tool) => tool.id === active) ?? tools[0]!;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  useEffect(() => {
    root.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }, []);

  return (
    <section
      ref={root}
      aria-label={t('readerComfort.toolsPanel')}
      data-tools-sheet=""
      className="bg-base-100 border-base-300 fixed inset-x-0 bottom-0 z-40 flex max-h-[62dvh] flex-col rounded-t-2xl border-t shadow-2xl min-[643px]:inset-x-auto min-[643px]:top-16 min-[643px]:right-3 min-[643px]:bottom-auto min-[643px]:max-h-[80dvh] min-[643px]:w-[400px] min-[643px]:rounded-2xl min-[643px]:border"
    >
      <div className="border-base-300 flex shrink-0 items-stretch gap-1 border-b px-1 pt-1">
        {/* Tabs keep their whole labels: on a narrow phone the row scrolls sideways instead of cutting them. */}
        <div role="tablist" aria-label={t('readerComfort.toolsPanel')} className="flex min-w-0 flex-1 overflow-x-auto overscroll-x-contain [scrollbar-width:none]">
          {tools.map((tool) => (
            <button
              key={tool.id}
              type="button"
              role="tab"
              id={`${panelId}-${tool.id}`}
              aria-selected={tool.id === current.id}
              aria-controls={panelId}
              className={`flex min-h-12 min-w-14 flex-1 shrink-0 flex-col items-center justify-center gap-0.5 rounded-t-lg px-1.5 text-[11px] leading-tight whitespace-nowrap ${tool.id === current.id ? 'text-primary border-primary border-b-2 font-semibold' : 'text-base-content/80'}`}
              onClick={() => onSelect(tool.id)}
            >
              <ToolIcon name={tool.icon} />
              <span className="text-center" data-tab-label="">
                {tool.label}
              </span>
            </button>
          ))}
        </div>
        <button type="button" className="btn btn-ghost btn-square size-11 self-center" aria-label={t('readerComfort.toolsClose')} onClick={onClose}>
          <ReaderIcon name="close" />
        </button>
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={`${panelId}-${current.id}`} className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
        {current.render()}
      </div>
    </section>
  );
}
