import { useNotices } from '../../state/noticesStore';
import { IconButton } from '../../ui/IconButton';

/** Failed actions, until dismissed. */
export function Notices() {
  const notices = useNotices((s) => s.notices);
  const dismiss = useNotices((s) => s.dismiss);
  if (notices.length === 0) return null;
  return (
    <div className="notices" role="region" aria-label="Notifications">
      {notices.map((n) => (
        <div key={n.id} className="notice" role="alert" data-testid="notice">
          <span>{n.text}</span>
          <IconButton icon="close" label="Dismiss" onClick={() => dismiss(n.id)} />
        </div>
      ))}
    </div>
  );
}
