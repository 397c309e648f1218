/**
 * Away from the online screens (home, a game against the bots, lessons, a profile…), a player who
 * has played online stays reachable: one socket as this device's guest, so friends see them online
 * and an invitation to a friend's table shows over whatever screen is open. The online screens hold
 * their own socket; this one is closed as soon as one of them opens. A guest made only to watch has
 * no name anyone could have befriended, and gets no socket.
 */

import { useEffect, useMemo } from "preact/hooks";
import type { T } from "../i18n";
import { isWatcher, savedGuest } from "./api";
import { OnlineClient } from "./client";
import { Invitations } from "./Invitations";

export function Away({ t, onJoin }: { t: T; onJoin: (code: string) => void }) {
  const guest = useMemo(savedGuest, []);
  const client = useMemo(
    () => (guest && !isWatcher(guest) ? new OnlineClient(OnlineClient.urlOf(location), guest.token) : null),
    [guest],
  );
  useEffect(() => () => client?.close(), [client]);
  return client && <Invitations t={t} client={client} onJoin={onJoin} />;
}
