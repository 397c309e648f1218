/**
 * *Your country*, on one's own profile: its two-letter code (the browser may fill it in), *Save*
 * and *Remove* (`PUT /api/me/country`). The server says which codes are countries; a code it
 * refuses is said in words.
 */

import { useRef, useState } from "preact/hooks";
import type { T } from "../i18n";
import type { Guest } from "../online/api";
import { AttemptNotice, useAttempt } from "../online/attempt";
import { countryName } from "../view/country";
import { setCountry } from "./api";

export interface CountryFormProps {
  t: T;
  guest: Guest;
  /** The country the profile shows now, or null. */
  country: string | null;
  /** The server took `country` (null: none). */
  onSaved: (country: string | null) => void;
}

export function CountryForm({ t, guest, country, onSaved }: CountryFormProps) {
  const [code, setCode] = useState(country ?? "");
  const input = useRef<HTMLInputElement>(null);
  const { busy, outcome, attempt } = useAttempt(t, guest.player.name);
  const save = (next: string | null, done: string) =>
    attempt(async () => {
      await setCountry(guest, next);
      onSaved(next);
    }, done);
  return (
    <section class="card" aria-labelledby="country-title" data-testid="country-form">
      <h2 id="country-title">{t("profile.yourCountry")}</h2>
      <p id="country-hint">{t("profile.countryHint")}</p>
      <form
        class="country-form"
        onSubmit={(e) => {
          e.preventDefault();
          // Codes are capitals on the wire ("JM"); people type "jm" as often.
          const next = code.trim().toUpperCase();
          void save(next, t("profile.countrySaved", { country: countryName(next, t.locale) }));
        }}
      >
        <label for="country-code">{t("profile.countryCode")}</label>
        <input
          id="country-code"
          ref={input}
          value={code}
          maxLength={2}
          autoComplete="country"
          autoCapitalize="characters"
          aria-describedby="country-hint"
          onInput={(e) => setCode((e.target as HTMLInputElement).value)}
          data-testid="country-code"
        />
        <button type="submit" disabled={busy} data-testid="country-save">
          {t("profile.save")}
        </button>
        {country !== null && (
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              setCode("");
              // *Remove* goes once there is nothing to remove: the keyboard stays in the form.
              input.current?.focus();
              void save(null, t("profile.countryRemoved"));
            }}
            data-testid="country-remove"
          >
            {t("profile.remove")}
          </button>
        )}
      </form>
      <AttemptNotice outcome={outcome} testId="country" />
    </section>
  );
}
