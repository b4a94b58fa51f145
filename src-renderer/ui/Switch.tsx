import './switch.css';

interface SwitchProps {
  checked: boolean;
  onChange(checked: boolean): void;
  label: string;
  disabled?: boolean;
  /** On in the settings but without effect now (an unavailable toolset): drawn grey, not in the accent. */
  muted?: boolean;
  testId?: string;
  data?: Record<`data-${string}`, string>;
}

/** An on/off toggle: a real checkbox (keyboard and screen readers) drawn as a switch. */
export function Switch({ checked, onChange, label, disabled, muted, testId, data }: SwitchProps) {
  return (
    <label className={muted ? 'switch switch-muted' : 'switch'}>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        aria-label={label}
        data-testid={testId}
        {...data}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className="switch-track" aria-hidden="true" />
    </label>
  );
}
