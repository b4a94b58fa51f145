import { useEffect, useRef } from 'react';
import { spinners } from './spinTicker';

/** Work in progress: a ring turned in steps with every other spinner (spinTicker.ts). */
export function Spinner({ className }: { className?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const element = ref.current;
    return element ? spinners.add(element) : undefined;
  }, []);
  return <span ref={ref} className={className ? `spinner ${className}` : 'spinner'} aria-hidden="true" />;
}
