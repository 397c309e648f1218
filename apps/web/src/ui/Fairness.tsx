/**
 * How deals are fair and how the bots play, for players (docs/fairness.md is the same for
 * programmers): the commitment, the seeds, the check after every online hand, checking a record
 * yourself (the command to run), the deals of games against the bots, and what a bot may see.
 */

import type { Key, T } from "../i18n";

/**
 * The check, command by command, after a paragraph of its section: a command is the same in every
 * language. A player's page names no file of the repository (they mean nothing to a player); it
 * says how to run the check instead.
 */
const VERIFY = "npm install\nnpx crossbones verify game.json";

const SECTIONS: readonly { title: Key; paragraphs: readonly Key[]; code?: string }[] = [
  { title: "fair.howTitle", paragraphs: ["fair.how1", "fair.how2", "fair.how3", "fair.how4"] },
  { title: "fair.checkTitle", paragraphs: ["fair.check1", "fair.check2"], code: VERIFY },
  { title: "fair.offlineTitle", paragraphs: ["fair.offline1", "fair.offline2"] },
  { title: "fair.botsTitle", paragraphs: ["fair.bots1", "fair.bots2", "fair.bots3"] },
];

export function Fairness({ t, onBack }: { t: T; onBack: () => void }) {
  return (
    <main class="fairness card" data-testid="fairness">
      <h1>{t("fair.title")}</h1>
      <p>{t("fair.intro")}</p>
      {SECTIONS.map((s) => (
        <section key={s.title}>
          <h2>{t(s.title)}</h2>
          {s.paragraphs.map((p) => (
            <p key={p}>{t(p)}</p>
          ))}
          {s.code && (
            <pre>
              <code data-testid="verify-command">{s.code}</code>
            </pre>
          )}
        </section>
      ))}
      <div class="buttons">
        <button type="button" onClick={onBack}>
          {t("back")}
        </button>
      </div>
    </main>
  );
}
