import type { TableInfo } from "@crossbones/protocol";
import { describe, expect, it } from "vitest";
import { translator } from "../src/i18n/all";
import { nameOf } from "../src/online/Seats";
import { type SeatSide, seatSide } from "../src/view/seats";

/** The side of every seat, for the viewer at `bottom`. */
const round = (players: number, bottom: number): SeatSide[] =>
  Array.from({ length: players }, (_, seat) => seatSide(players, seat, bottom));

describe("seats turned to the viewer", () => {
  it("every viewer of four sits at the bottom, the next seat on the right, the one opposite at the top", () => {
    expect(round(4, 0)).toEqual(["bottom", "right", "top", "left"]);
    expect(round(4, 1)).toEqual(["left", "bottom", "right", "top"]);
    expect(round(4, 2)).toEqual(["top", "left", "bottom", "right"]);
    expect(round(4, 3)).toEqual(["right", "top", "left", "bottom"]);
  });

  it("three players: the next seat on the right, the one before on the left", () => {
    expect(round(3, 0)).toEqual(["bottom", "right", "left"]);
    expect(round(3, 1)).toEqual(["left", "bottom", "right"]);
    expect(round(3, 2)).toEqual(["right", "left", "bottom"]);
  });

  it("two players face each other", () => {
    expect(round(2, 0)).toEqual(["bottom", "top"]);
    expect(round(2, 1)).toEqual(["top", "bottom"]);
  });
});

describe("names at an online table", () => {
  const seat = (s: Partial<TableInfo["seats"][number]>): TableInfo["seats"][number] => ({
    seat: 0,
    name: "Ana",
    kind: "human",
    level: null,
    program: false,
    connected: true,
    away: false,
    bankMs: null,
    ...s,
  });
  const info = (seats: TableInfo["seats"]) => ({ seats }) as TableInfo;
  const t = translator("en");

  it("a person by name, a bot and a bot account's seat marked as bots, an open seat as open", () => {
    const seats = [
      seat({ name: "Ana" }),
      seat({ seat: 1, name: "Ruby", kind: "bot", level: "hard" }),
      seat({ seat: 2, name: "Deep Blue", program: true }),
      seat({ seat: 3, name: "", kind: "open" }),
    ];
    expect([0, 1, 2, 3].map((i) => nameOf(info(seats), i, t))).toEqual([
      "Ana",
      "Ruby · bot",
      "Deep Blue · bot",
      t("online.openSeat"),
    ]);
  });
});
