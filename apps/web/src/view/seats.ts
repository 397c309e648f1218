/**
 * Where each seat sits on screen, turned to the viewer: whoever looks at the table sits at the
 * bottom, the next player (the engine's next seat, who plays after them) on their right, then
 * round the table anticlockwise, as play goes round at a real table: in Partner the partner is
 * opposite, at the top. The same for every seat, game, player count and screen size.
 */

export type SeatSide = "bottom" | "right" | "top" | "left";

/** The sides seats take, counted from the viewer's own, by number of players. */
const ROUND: Readonly<Record<number, readonly SeatSide[]>> = {
  2: ["bottom", "top"],
  3: ["bottom", "right", "left"],
  4: ["bottom", "right", "top", "left"],
};

/** The side of `seat` for a viewer at seat `bottom` (a watcher's table puts seat 0 there). */
export function seatSide(players: number, seat: number, bottom: number): SeatSide {
  const round = ROUND[players] ?? ROUND[4];
  return round[(((seat - bottom) % players) + players) % players];
}
