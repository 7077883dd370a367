// The browser's clock for "has this event day ended?": the instants come from the API, the
// decision is made here with the current time, and a page left open re-renders each minute
// so a day turns "Finalizado" when it ends without a reload.
import { useEffect, useState } from 'react';

export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
