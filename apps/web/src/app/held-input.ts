// What a visitor does on the server-rendered page before it is hydrated. The page is shown first
// and hydrated a moment later (main.tsx); until then no handler is attached, so a click on a
// button or a filter's checkbox, a choice in a select or text typed in a field would be lost, or
// would leave the field showing what the app does not know. They are held and done again, in
// order, once the page is hydrated:
// - a click on a button or a checkbox or radio button is stopped before anything else sees it (a
//   form is not submitted, the box not ticked) and clicked again;
// - a field's new value (select, text) stays on screen and is set again the way the browser sets
//   it when the visitor types, so the page's own handlers see the change.
// Links are left alone: they work as plain links before hydration.
const CLICKED = 'button, [role="button"], input[type="checkbox"], input[type="radio"]';
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Starts holding; the function returned stops, and does again what was held if `replay`. */
export function holdInput(root: HTMLElement | null): (replay: boolean) => void {
  const clicks: HTMLElement[] = [];
  const values = new Map<Field, string>();
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>(CLICKED) : null;
    if (!target || !root?.contains(target) || target.closest('a[href]')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // A button clicked twice is one click; a box clicked twice is back where it was.
    const last = clicks.at(-1);
    if (last === target) {
      if (target instanceof HTMLInputElement) clicks.pop();
      return;
    }
    clicks.push(target);
  };
  const onValue = (event: Event) => {
    const field = event.target;
    if (
      !(
        field instanceof HTMLSelectElement ||
        field instanceof HTMLTextAreaElement ||
        field instanceof HTMLInputElement
      ) ||
      (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
    )
      return;
    event.stopImmediatePropagation();
    values.set(field, field.value);
  };
  root?.addEventListener('click', onClick, true);
  root?.addEventListener('input', onValue, true);
  root?.addEventListener('change', onValue, true);
  return (replay) => {
    root?.removeEventListener('click', onClick, true);
    root?.removeEventListener('input', onValue, true);
    root?.removeEventListener('change', onValue, true);
    if (!replay) return;
    for (const [field, value] of values) if (field.isConnected) setAsTyped(field, value);
    for (const target of clicks) if (target.isConnected) target.click();
  };
}

/**
 * Sets a field's value as typing does, so that a handler attached since sees a change: what the
 * page was rendered with is put back through the element (React records it as the current
 * value), then the new value through the prototype's setter (which it does not see), then the
 * event the browser sends.
 */
function setAsTyped(field: Field, value: string) {
  const initial =
    field instanceof HTMLSelectElement
      ? (([...field.options].find((o) => o.defaultSelected) ?? field.options[0])?.value ?? '')
      : field.defaultValue;
  field.value = initial;
  const proto = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}
