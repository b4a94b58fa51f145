import type { ButtonHTMLAttributes } from 'react';
import { Icon, type IconName } from './Icon';

interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> {
  icon: IconName;
  /** What the button does; icon-only buttons need it for screen readers. */
  label: string;
}

/** A button that shows only an icon, always with an accessible name. */
export function IconButton({ icon, label, className, ...rest }: IconButtonProps) {
  return (
    <button type="button" className={className ? `icon ${className}` : 'icon'} aria-label={label} {...rest}>
      <Icon name={icon} />
    </button>
  );
}
