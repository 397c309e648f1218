/**
 * Where this device keeps its online guest. Its own module so the app can tell whether the device
 * has ever played online without loading the online code (see `Away.tsx`).
 */

export const GUEST_KEY = "crossbones/guest";
/** The token of a guest made only to watch (no name chosen): asked for a name before it sits. */
export const WATCHER_KEY = "crossbones/watcher";

/** A guest is kept on this device (its content is checked when the online code reads it). */
export function guestKept(): boolean {
  try {
    return localStorage.getItem(GUEST_KEY) !== null;
  } catch {
    return false;
  }
}
