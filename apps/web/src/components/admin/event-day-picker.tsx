// Event and (optionally) day selects, used by the orders filter and the attendee list.
import type { AdminEvent } from '@store/shared/schemas/admin/events';
import { SelectField } from '../ui/input';
import { eventOptionLabel, eventsForPicker } from '../../lib/admin/event-options';

export function EventDayPicker({
  events,
  productId,
  productDayId,
  onChange,
  eventPlaceholder = 'Todos los eventos',
}: {
  events: AdminEvent[];
  productId: string;
  productDayId: string;
  onChange: (next: { productId: string; productDayId: string }) => void;
  eventPlaceholder?: string;
}) {
  const event = events.find((e) => e._id === productId);
  return (
    <>
      <SelectField
        label="Evento"
        value={productId}
        onChange={(e) => onChange({ productId: e.target.value, productDayId: '' })}
      >
        <option value="">{eventPlaceholder}</option>
        {eventsForPicker(events).map((e) => (
          <option key={e._id} value={e._id}>
            {eventOptionLabel(e)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Día"
        value={productDayId}
        disabled={!event}
        onChange={(e) => onChange({ productId, productDayId: e.target.value })}
      >
        <option value="">Todos los días</option>
        {event?.days.map((d) => (
          <option key={d._id} value={d._id}>
            {d.label}
          </option>
        ))}
      </SelectField>
    </>
  );
}
