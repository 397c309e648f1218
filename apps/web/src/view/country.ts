/**
 * A player's country as a profile shows it (pure): its flag, made from the code's two letters as
 * regional-indicator symbols (the platform draws them as one flag; no images to ship), and its name
 * in the app's language from `Intl`. The server says which codes are countries; nothing here checks.
 */

/** The first regional indicator symbol, 🇦; the letter Z is 25 symbols on. */
const INDICATOR_A = 0x1f1e6;

/** The flag of an ISO 3166-1 alpha-2 code: "JM" → 🇯🇲. */
export function flagOf(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => INDICATOR_A + c.charCodeAt(0) - 65));
}

/** The country's name in `locale` ("Jamaica", "Jamaica", "Jamaica"); its code where `Intl` has no name. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames(locale, { type: "region", fallback: "code" }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
