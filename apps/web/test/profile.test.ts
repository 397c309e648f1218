/** A profile in words and symbols (view/country.ts, view/against.ts): the country's flag and name, the head-to-head sentence. */

import { describe, expect, it } from "vitest";
import { translator } from "../src/i18n/all";
import { onlineRefusalText } from "../src/online/refusal";
import { againstText } from "../src/view/against";
import { countryName, flagOf } from "../src/view/country";

describe("a country on a profile", () => {
  it("is flagged by the regional indicators of its two letters, whatever their case", () => {
    expect(flagOf("JM")).toBe("\u{1f1ef}\u{1f1f2}");
    expect(flagOf("nl")).toBe("\u{1f1f3}\u{1f1f1}");
    expect(flagOf("AZ")).toBe("\u{1f1e6}\u{1f1ff}");
  });

  it("is named in the app's language", () => {
    expect(countryName("NL", translator("en").locale)).toBe("Netherlands");
    expect(countryName("NL", translator("nl").locale)).toBe("Nederland");
    expect(countryName("NL", translator("es").locale)).toBe("Países Bajos");
  });

  it("a code the server refuses is said as not a country's code, not as an unreadable message", () => {
    const refusal = { code: "bad-message" as const, message: "unknown country", field: "country" };
    expect(onlineRefusalText(translator("en"), refusal, String)).toBe(
      "That is not a country's two-letter code (JM for Jamaica, for instance).",
    );
  });
});

describe("how the viewer did against a player", () => {
  const t = translator("en");

  it("counts the viewer's wins, losses and draws with them", () => {
    expect(againstText(t, { games: 6, won: 3, lost: 2, drawn: 1 })).toBe("Against you: you won 3, lost 2, drew 1");
    expect(againstText(translator("es"), { games: 1, won: 0, lost: 1, drawn: 0 })).toBe(
      "Contra ti: ganaste 0, perdiste 1, empataste 0",
    );
  });

  it("says nothing without a rated game together, nor when nobody asked (or on one's own profile)", () => {
    expect(againstText(t, { games: 0, won: 0, lost: 0, drawn: 0 })).toBeNull();
    expect(againstText(t, null)).toBeNull();
  });
});
