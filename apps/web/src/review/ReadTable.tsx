/** The "Read the table" panel: what the seat may know about each other hand, and why. */

import { bonesOf, makeBone } from "@crossbones/engine";
import type { T } from "../i18n";
import type { Evidence, TableRead } from "./read";

function bonesText(mask: number): string {
  return bonesOf(mask).map(makeBone).join(" ");
}

function evidenceText(t: T, e: Evidence, name: (seat: number) => string): string {
  if (e.kind === "noDouble") return t("read.becauseNoDouble");
  if (e.kind === "boardPass") return t("read.becauseBoardPass", { name: name(e.by), bone: makeBone(e.bone) });
  const showing = e.showing.map(String);
  return e.empty > 0 ? t("read.becausePassEmpty", { showing, n: e.empty }) : t("read.becausePass", { showing });
}

export function ReadTablePanel({ t, read, name }: { t: T; read: TableRead; name: (seat: number) => string }) {
  return (
    <section class="read-table card" aria-labelledby="read-title" data-testid="read-table">
      <h2 id="read-title">{t("read.title")}</h2>
      <ul class="read-seats">
        {read.others.map((o) => (
          <li key={o.seat} data-seat={o.seat}>
            <b>{name(o.seat)}</b> · {t("read.bones", { n: o.handSize })}
            {o.cannotHold.length === 0 && o.holds === 0 && <span class="read-none"> · {t("read.nothing")}</span>}
            <ul>
              {o.cannotHold.map((f) => (
                <li key={f.n} data-testid={`cannot-${o.seat}-${f.n}`}>
                  {t("read.hasNo", { n: f.n })}
                  {f.because.length > 0 && `: ${f.because.map((e) => evidenceText(t, e, name)).join("; ")}`}
                </li>
              ))}
              {o.holds !== 0 && <li>{t("read.holds", { bones: bonesText(o.holds) })}</li>}
            </ul>
          </li>
        ))}
      </ul>
      <p>
        {read.doublesOut !== 0 ? t("read.doublesOut", { bones: bonesText(read.doublesOut) }) : t("read.noDoublesOut")}
      </p>
      <p>{t("read.unaccounted", { n: bonesOf(read.unaccounted).length, bones: bonesText(read.unaccounted) })}</p>
    </section>
  );
}
