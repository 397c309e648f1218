import { describe, expect, it } from "vitest";
import { translator } from "../src/i18n/all";
import {
  type Friend,
  type FriendList,
  friendName,
  invitable,
  shownOrder,
  standing,
  withBlocked,
  withFriend,
  withoutBlocked,
  withoutFriend,
} from "../src/online/friends";
import { dismissed, type Invitation, MAX_INVITATIONS, received } from "../src/online/invitations";

const friend = (name: string, f: Partial<Friend> = {}): Friend => ({
  id: `${name.toLowerCase()}-id`,
  name,
  bot: false,
  since: 0,
  online: false,
  table: null,
  ...f,
});
const ana = friend("Ana", { online: true });
const ben = friend("Ben", { online: true, table: "K7QX2M" });
const cy = friend("Cy");
const list: FriendList = { friends: [cy, ana, ben], blocked: [{ id: "dan-id", name: "Dan", since: 0 }] };

describe("a player's standing with me", () => {
  it("is friend, blocked or none, from my own list", () => {
    expect(standing(list, "ana-id")).toBe("friend");
    expect(standing(list, "dan-id")).toBe("blocked");
    expect(standing(list, "eve-id")).toBe("none");
  });
});

describe("the Friends list as shown", () => {
  it("puts friends at a table first, then those online, then the rest, each by name", () => {
    const eve = friend("Eve", { online: true, table: "ABCDEF" });
    expect(shownOrder([cy, ana, eve, ben]).map((f) => f.name)).toEqual(["Ben", "Eve", "Ana", "Cy"]);
  });

  it("marks a bot account's name as a bot's, as a table does", () => {
    const t = translator("en");
    expect(friendName(t, friend("Ruby", { bot: true }))).toBe("Ruby · bot");
    expect(friendName(t, ana)).toBe("Ana");
  });
});

describe("who can be invited to my table", () => {
  it("only friends online now (an invitation reaches open sockets only), by name", () => {
    expect(invitable(list.friends, []).map((f) => f.name)).toEqual(["Ana", "Ben"]);
  });

  it("not a friend who already sits at the table", () => {
    expect(invitable(list.friends, ["ben-id"]).map((f) => f.name)).toEqual(["Ana"]);
  });
});

describe("a change shown at once, as the server answered it", () => {
  it("adding a friend twice keeps one entry, the latest", () => {
    const again = withFriend(withFriend(list, friend("Eve")), friend("Eve", { online: true }));
    expect(again.friends.filter((f) => f.name === "Eve")).toEqual([friend("Eve", { online: true })]);
  });

  it("removing a friend leaves the blocked list alone", () => {
    const next = withoutFriend(list, "ana-id");
    expect(next.friends.map((f) => f.name)).toEqual(["Cy", "Ben"]);
    expect(next.blocked).toBe(list.blocked);
  });

  it("blocking a friend ends the friendship (the server ends it both ways)", () => {
    const next = withBlocked(list, { id: "ben-id", name: "Ben", since: 5 });
    expect(standing(next, "ben-id")).toBe("blocked");
    expect(next.friends.map((f) => f.name)).toEqual(["Cy", "Ana"]);
  });

  it("unblocking makes nobody a friend again", () => {
    expect(standing(withoutBlocked(list, "dan-id"), "dan-id")).toBe("none");
  });
});

describe("invitations on screen", () => {
  const invitation = (table: string, name = "Ana"): Invitation => ({
    t: "invited",
    table,
    from: { id: `${name}-id`, name },
    game: "cutthroat",
    players: 2,
  });

  it("a second invitation to the same table replaces the first, at the end", () => {
    const shown = received([invitation("AAAAAA"), invitation("BBBBBB")], invitation("AAAAAA", "Ben"));
    expect(shown.map((i) => [i.table, i.from.name])).toEqual([
      ["BBBBBB", "Ana"],
      ["AAAAAA", "Ben"],
    ]);
  });

  it(`keeps the latest ${MAX_INVITATIONS}: a friend who keeps inviting cannot fill the screen`, () => {
    const tables = ["AAAAAA", "BBBBBB", "CCCCCC", "DDDDDD", "EEEEEE"];
    const shown = tables.reduce((l, table) => received(l, invitation(table)), [] as Invitation[]);
    expect(shown.map((i) => i.table)).toEqual(tables.slice(-MAX_INVITATIONS));
  });

  it("Join or No thanks takes that table's invitation away, and only it", () => {
    const shown = [invitation("AAAAAA"), invitation("BBBBBB")];
    expect(dismissed(shown, "AAAAAA").map((i) => i.table)).toEqual(["BBBBBB"]);
  });
});
