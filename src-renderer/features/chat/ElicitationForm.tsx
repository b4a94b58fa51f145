import { useState } from 'react';
import type { ElicitationField, ElicitationRequestView } from '../../../src-shared/ipc/schemas';
import { useElicitations } from './elicitationStore';

type Value = string | number | boolean;

function initial(fields: ElicitationField[]): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const f of fields) out[f.name] = f.default ?? (f.type === 'boolean' ? false : '');
  return out;
}

/** An MCP server's form, pre-filled with its defaults: send it, decline, or cancel. */
export function ElicitationForm({ request }: { request: ElicitationRequestView }) {
  const answer = useElicitations((s) => s.answer);
  const [values, setValues] = useState(() => initial(request.fields));
  const set = (name: string, value: Value) => setValues((v) => ({ ...v, [name]: value }));
  const content = () => {
    const out: Record<string, Value> = {};
    for (const f of request.fields) {
      const v = values[f.name];
      if (v === '' || v === undefined) continue;
      out[f.name] = f.type === 'number' || f.type === 'integer' ? Number(v) : v;
    }
    return out;
  };
  return (
    <section
      className="clarify"
      data-testid="elicitation"
      aria-label={`Form from MCP server ${request.server}`}
    >
      <p className="clarify-question">
        <strong>{request.server}</strong> asks: {request.message}
      </p>
      <form
        className="elicitation-form"
        onSubmit={(e) => {
          e.preventDefault();
          void answer(request.id, 'accept', content());
        }}
      >
        {request.fields.map((f) => (
          <label key={f.name} className="elicitation-field">
            <span>
              {f.title ?? f.name}
              {f.required ? ' *' : ''}
            </span>
            <FieldInput field={f} value={values[f.name] ?? ''} onChange={(v) => set(f.name, v)} />
            {f.description && <small className="muted">{f.description}</small>}
          </label>
        ))}
        <div className="clarify-choices">
          <button type="submit" className="primary" data-testid="elicitation-accept">
            Send
          </button>
          <button
            type="button"
            data-testid="elicitation-decline"
            onClick={() => void answer(request.id, 'decline')}
          >
            Decline
          </button>
          <button
            type="button"
            data-testid="elicitation-cancel"
            onClick={() => void answer(request.id, 'cancel')}
          >
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}

function FieldInput({
  field,
  value,
  onChange,
}: {
  field: ElicitationField;
  value: Value;
  onChange: (v: Value) => void;
}) {
  if (field.type === 'boolean')
    return <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />;
  if (field.choices)
    return (
      <select value={String(value)} required={field.required} onChange={(e) => onChange(e.target.value)}>
        {!field.required && <option value="" />}
        {field.choices.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    );
  const numeric = field.type === 'number' || field.type === 'integer';
  return (
    <input
      type={numeric ? 'number' : 'text'}
      step={field.type === 'integer' ? 1 : 'any'}
      required={field.required}
      value={String(value)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
