import { FILLED_ICONS, ICONS, type IconName } from '../icons/icons.ts';

interface Props {
  name: IconName;
  size?: number;
  className?: string;
}

/** The React twin of components/Icon.astro: same path data, always decorative. */
export function SvgIcon({ name, size = 20, className }: Props) {
  const isFilled = FILLED_ICONS.has(name);
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={isFilled ? 'currentColor' : 'none'}
      stroke={isFilled ? 'none' : 'currentColor'}
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {ICONS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
