import { useEffect, useState } from "preact/hooks";

/**
 * This device's clock (Date.now), read again every `period` ms while `active`: what a countdown
 * redraws with. Only the device's own clock is compared with itself (docs/web.md, "Online").
 */
export function useNow(active: boolean, period = 250): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), period);
    return () => clearInterval(timer);
  }, [active, period]);
  return now;
}
