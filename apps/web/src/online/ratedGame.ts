/**
 * A rated game's change of ratings at an online table (docs/ratings.md): the server says it once
 * the game is over and its ratings are kept, which may be before or after the end shows here.
 */

import { useEffect, useState } from "preact/hooks";
import type { OnlineClient, RatedGame } from "./client";

/** How game `game` of table `code` moved its people's ratings; null until said (or never: not rated). */
export function useRatedGame(client: OnlineClient, code: string, game: number): RatedGame | null {
  const [rated, setRated] = useState<RatedGame | null>(() => client.ratedGame(code, game) ?? null);
  useEffect(() => {
    setRated(client.ratedGame(code, game) ?? null);
    return client.on((m) => {
      if (m.t === "rated" && m.table === code && m.game === game) setRated(m);
    });
  }, [client, code, game]);
  return rated;
}
