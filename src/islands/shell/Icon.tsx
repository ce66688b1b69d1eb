import { iconPaths } from '../../components/shell/icons.ts';

interface Props {
  name: string;
  className?: string;
}

/** A decorative stroke icon from the shared set (hidden from assistive technology). */
export function Icon({ name, className = 'size-5' }: Props) {
  return <StrokeIcon paths={iconPaths(name)} className={className} />;
}

/** A decorative 24 × 24 stroke icon drawn from `paths` (hidden from assistive technology). */
export function StrokeIcon({ paths, className = 'size-5' }: { paths: readonly string[]; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
