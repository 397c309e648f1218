/**
 * An online table: the same `Table` as offline, driven by the server's frames. The host keeps the
 * latest frame of its table (frame.ts: when it arrived, presence merged in, each hand's result
 * kept), turns the wire view back into the engine's (`fromWire`) and sends the player's choices as
 * actions against the version they saw. It shows who is connected, away or thinking, the turn
 * clock and the banks, the invite code, the fixed reactions, and between hands the score sheet and
 * the next hand's countdown (or the pause); at the end, a rematch.
 */

import { type Action, type Rules, type SeatView, sideOf, type TableView } from "@crossbones/engine";
import { fromWire, REACTIONS, type Reaction, type TableInfo } from "@crossbones/protocol";
import type { ComponentChildren } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Key, T } from "../i18n";
import type { Settings } from "../settings";
import { click, knock } from "../sound";
import { Modal } from "../ui/Modal";
import { downloadRecord } from "../ui/Records";
import { ResignButton } from "../ui/ResignButton";
import { GameEnd, ScoreSheet } from "../ui/ScoreSheet";
import { spectatorSeat, Table } from "../ui/Table";
import type { LinkStatus, OnlineClient } from "./client";
import { DealMark } from "./DealMark";
import { useDealChecks } from "./fairness";
import { applyPresence, type HeldFrame, msLeft, receiveTable, seconds, type TurnClock, turnClock } from "./frame";
import { onlineRefusalText } from "./refusal";
import { useNow } from "./useNow";

/** Refusals of the seed the app sends by itself (one too late): nothing the player did. */
const SEED_CODES = new Set(["deal-made", "seed-given"]);

export const REACTION_KEYS: Readonly<Record<Reaction, Key>> = {
  goodPlay: "react.goodPlay",
  wellPlayed: "react.wellPlayed",
  ouch: "react.ouch",
  hurryUp: "react.hurryUp",
  thanks: "react.thanks",
  sorry: "react.sorry",
};

export interface OnlineTableProps {
  client: OnlineClient;
  code: string;
  t: T;
  settings: Settings;
  /** Back to the lobby. */
  onLobby: () => void;
  /** The page on fair deals. */
  onFairness: () => void;
  /** Opens the review of a finished hand: the table's record, the hand, and this player's seat. */
  onReview: (record: unknown, hand: number, seat: number) => void;
  /** Take a seat: by default at once; a watcher who has no name yet chooses one first. */
  onSit?: () => void;
}

/** An action made while the link was down, shown as pending until the server answers it. */
interface Pending {
  readonly id: string;
  readonly action: Action;
}

export function OnlineTable({ client, code, t, settings, onLobby, onFairness, onReview, onSit }: OnlineTableProps) {
  const [held, setHeld] = useState<HeldFrame | null>(null);
  const [link, setLink] = useState<LinkStatus>(client.status);
  /** A refusal in words, with the version on screen when it came (null: before the table did). */
  const [message, setMessage] = useState<{ text: string; version: number | null } | null>(null);
  const [reactions, setReactions] = useState<{ id: number; seat: number; reaction: Reaction }[]>([]);
  const [muted, setMuted] = useState(false);
  const [sheetClosed, setSheetClosed] = useState<number | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [leaving, setLeaving] = useState(false);
  const dealCheck = useDealChecks(client, code);
  // What a late message is said with: the latest frame and language, not those of the first render.
  const latest = useRef({ held: null as HeldFrame | null, t, pending: null as Pending | null, left: false });
  latest.current = { ...latest.current, held, t, pending };

  useEffect(() => {
    const offMessage = client.on((m) => {
      const { held, t, pending } = latest.current;
      if (m.t === "table" && m.table.code === code) {
        // Seated before, not now, and not by leaving: the maker took this player off the table.
        if (held !== null && held.message.table.you !== null && m.table.you === null && !latest.current.left) {
          setMessage({ text: t("online.refusal.removed"), version: null });
        }
        setHeld((previous) => receiveTable(previous, m, Date.now()));
      } else if (m.t === "presence" && m.table === code) {
        setHeld((previous) => previous && applyPresence(previous, m));
      } else if (m.t === "ack" && m.id === pending?.id) {
        setPending(null);
      } else if (m.t === "refused" && (m.table === code || m.table === null) && !SEED_CODES.has(m.refusal.code)) {
        if (m.id !== null && m.id === pending?.id) setPending(null);
        const info = held?.message.table ?? null;
        const text = onlineRefusalText(t, m.refusal, (seat) => nameOf(info, seat, t));
        // A refused action is about the position it was made in; anything else (a seat taken…) is not.
        setMessage({ text, version: m.id !== null ? (held?.message.view.version ?? null) : null });
      } else if (m.t === "reaction" && m.table === code) {
        setReactions((list) => [
          ...list.slice(-3),
          { id: Date.now() + Math.random(), seat: m.seat, reaction: m.reaction },
        ]);
      }
    });
    const offStatus = client.onStatus(setLink);
    // The socket may have opened between the first render and now.
    setLink(client.status);
    client.watch(code);
    return () => {
      offMessage();
      offStatus();
      client.unwatch(code);
    };
  }, [client, code]);

  useEffect(() => {
    if (reactions.length === 0) return;
    const timer = setTimeout(() => setReactions((l) => l.slice(1)), 3000);
    return () => clearTimeout(timer);
  }, [reactions]);

  const view = useMemo((): SeatView | null => {
    if (!held) return null;
    const v = fromWire(held.message.view);
    return "hand" in v ? v : spectatorSeat(v as TableView);
  }, [held?.message.view]);
  const info = held?.message.table ?? null;
  // The countdowns redraw while a clock runs; durations count from the frame's arrival here.
  const now = useNow(info !== null && (info.turnMs !== null || info.nextHandMs !== null));
  // A message goes after a while; one about a position goes with it (and a move clears it).
  // Before the table shows (a code that leads nowhere), the message stays.
  const shown = held !== null;
  useEffect(() => {
    if (!message || !shown) return;
    const timer = setTimeout(() => setMessage(null), 8000);
    return () => clearTimeout(timer);
  }, [message, shown]);
  const said = message && (message.version === null || message.version === view?.version) ? message.text : null;

  if (!held || !view || !info) {
    return (
      <main class="online card">
        {said ? (
          <p class="error" role="alert">
            {said}
          </p>
        ) : (
          <p class="loading">{link === "open" ? t("loading") : t("online.connecting")}</p>
        )}
        <button type="button" onClick={onLobby} data-testid="to-lobby">
          {t("online.lobby")}
        </button>
      </main>
    );
  }

  if (info.status === "closed") {
    return (
      <main class="online card" data-testid="closed">
        <h1>
          {t("online.table")} <b data-testid="table-code">{code}</b>
        </h1>
        <p role="status">{t("online.refusal.table-closed")}</p>
        <button type="button" class="primary" onClick={onLobby} data-testid="to-lobby">
          {t("online.lobby")}
        </button>
      </main>
    );
  }

  const you = info.you;
  const watching = you === null;
  const name = (seat: number) => (seat === you ? t("you") : nameOf(info, seat, t));
  const clock = turnClock(held, now);
  const tag = (seat: number) => seatTag(info, seat, clock, t);
  const act = (action: Action) => {
    setMessage(null);
    if (action.type === "play") click(settings.sound);
    else if (action.type === "pass") knock(settings.sound);
    const id = client.act(code, view.version, action);
    // While the link is down the action waits on this device: shown, and the player may take it back.
    if (link !== "open") setPending({ id, action });
    return null;
  };
  const sit = onSit ?? (() => client.sit(code));
  const leave = () => {
    latest.current.left = true;
    client.send({ t: "leave", table: code });
    onLobby();
  };
  const last = view.handIndex;
  const result = last >= 0 ? view.results[last] : null;
  const between = result !== null && view.phase === "hand-over";
  const showSheet = between && sheetClosed !== last && view.resigned === null;
  const showEnd = view.finished && sheetClosed !== -1;
  const ready = you !== null && info.ready.includes(you);
  const open = info.seats.some((s) => s.kind === "open");
  const nextHand = msLeft(info.nextHandMs, held.at, now);
  const next = () => {
    // Ready for the next hand (and back at the table, if a bot was playing for this player).
    setSheetClosed(last);
    if (!watching) client.send({ t: "next", table: code });
  };
  const record = async (): Promise<unknown> => {
    const response = await fetch(`/api/tables/${code}/record`).catch(() => null);
    if (!response?.ok) {
      setMessage({ text: t("online.offlineError"), version: view.version });
      return null;
    }
    return response.json();
  };
  const saveRecord = async () => {
    const r = await record();
    if (r !== null) downloadRecord(JSON.stringify(r, null, 2), `crossbones-${code}.json`);
  };
  const review = async () => {
    const r = await record();
    if (r !== null && you !== null) onReview(r, last, you);
  };
  const leaveDialog = leaving && (
    <Modal title={t("online.leave")} onClose={() => setLeaving(false)} id="confirm-leave">
      <p>{t(info.status === "waiting" ? "online.leaveWaiting" : "online.leavePlaying")}</p>
      <div class="buttons">
        <button type="button" onClick={() => setLeaving(false)} autofocus>
          {t("cancel")}
        </button>
        <button type="button" class="danger" onClick={leave} data-testid="leave-confirm">
          {t("online.leave")}
        </button>
      </div>
    </Modal>
  );

  if (info.status === "waiting") {
    const maker = you !== null && info.maker === you;
    return (
      <main class="online card online-waiting" data-table={code} data-link={link} data-testid="waiting">
        <h1>
          {t("online.table")} <b data-testid="table-code">{code}</b>
        </h1>
        {link === "reconnecting" && (
          <p class="online-link" role="status" data-testid="reconnecting">
            {t("online.reconnecting")}
          </p>
        )}
        {said && (
          <p class="error" role="alert">
            {said}
          </p>
        )}
        <p>{t("online.waitingFor", { n: info.seats.filter((s) => s.kind === "open").length })}</p>
        <ul class="online-seats">
          {info.seats.map((s) => (
            <li key={s.seat} data-seat={s.seat}>
              <span>
                {name(s.seat)}
                {s.kind === "bot" && s.level ? ` (${t(s.level)})` : ""}
                {partnerOf(view.rules, you, s.seat) && <span class="seat-team">{t("partnerTag")}</span>}
              </span>
              {maker && s.kind === "human" && s.seat !== you && (
                <button
                  type="button"
                  class="small"
                  onClick={() => client.send({ t: "remove", table: code, seat: s.seat })}
                  aria-label={t("online.removeName", { name: s.name })}
                  data-testid={`remove-${s.seat}`}
                >
                  {t("online.remove")}
                </button>
              )}
            </li>
          ))}
        </ul>
        <p>{t("online.inviteText")}</p>
        <Invite t={t} code={code} />
        <div class="buttons">
          {watching && open && (
            <button type="button" class="primary" onClick={sit} data-testid="sit">
              {t("online.sit")}
            </button>
          )}
          {!watching && (
            <button type="button" onClick={() => setLeaving(true)} data-testid="leave">
              {t("online.leave")}
            </button>
          )}
          <button type="button" class="ghost" onClick={onLobby} data-testid="to-lobby">
            {t("online.lobby")}
          </button>
        </div>
        {leaveDialog}
      </main>
    );
  }

  const menu = (
    <nav class="table-menu online-menu" aria-label={t("menu")}>
      <span class="online-code">
        {t("online.table")} <b data-testid="table-code">{code}</b>
      </span>
      {!watching && (
        <DropMenu label={t("online.react")} class="online-react">
          {REACTIONS.map((r) => (
            <button
              type="button"
              key={r}
              onClick={() => client.send({ t: "react", table: code, reaction: r })}
              data-testid={`react-${r}`}
            >
              {t(REACTION_KEYS[r])}
            </button>
          ))}
          <button type="button" class="ghost" aria-pressed={muted} onClick={() => setMuted(!muted)}>
            {muted ? t("online.unmute") : t("online.mute")}
          </button>
        </DropMenu>
      )}
      {!watching && !view.finished && <ResignButton t={t} onResign={() => act({ type: "resign" })} />}
      {/* Leaving and the lobby in one menu: a phone's bar stays one row. */}
      <DropMenu label={t("online.more")} class="online-more" testId="table-more">
        {!watching && (
          <button type="button" onClick={() => setLeaving(true)} data-testid="leave">
            {t("online.leave")}
          </button>
        )}
        <button type="button" onClick={onLobby} data-testid="to-lobby">
          {t("online.lobby")}
        </button>
      </DropMenu>
    </nav>
  );

  const banner = (
    <>
      {link === "reconnecting" && (
        <span class="online-banner online-link" data-testid="reconnecting">
          {t("online.reconnecting")}
        </span>
      )}
      {info.paused && between && (
        <span class="online-banner" data-testid="paused">
          {t("online.paused")}
        </span>
      )}
    </>
  );

  return (
    <main class="online" data-table={code} data-link={link}>
      <Table
        view={view}
        t={t}
        settings={settings}
        name={name}
        tag={tag}
        act={watching ? undefined : act}
        watching={watching}
        message={said}
        pending={
          pending && {
            action: pending.action,
            onTakeBack: () => {
              if (client.withdraw(pending.id)) setPending(null);
            },
          }
        }
        autoPass={false}
        menu={menu}
        banner={banner}
        actions={
          <>
            {clock !== null && clock.seat === you && (
              <span class="online-clock" data-testid="clock">
                {clockText(t, clock)}
              </span>
            )}
            <DealMark check={dealCheck} t={t} name={name} onFairness={onFairness} />
            {watching && <span class="online-watching">{t("online.watching")}</span>}
            {watching && open && (
              <button type="button" class="primary" onClick={sit} data-testid="sit">
                {t("online.sit")}
              </button>
            )}
            {between && nextHand !== null && !info.paused && (
              <span class="online-next" data-testid="next-hand-in">
                {t("online.nextHandIn", { n: seconds(nextHand) })}
              </span>
            )}
            {between && !showSheet && (
              <button type="button" onClick={() => setSheetClosed(null)} data-testid="open-sheet">
                {t("scoreSheet")}
              </button>
            )}
            {between && !showSheet && !watching && !ready && (
              <button type="button" class="primary" onClick={next} data-testid="bar-next">
                {t("nextHand")}
              </button>
            )}
            {view.finished && !showEnd && (
              <button type="button" class="primary" onClick={() => setSheetClosed(null)} data-testid="see-result">
                {t("seeResult")}
              </button>
            )}
          </>
        }
      >
        {showSheet && result && (
          <ScoreSheet
            result={result}
            events={view.events}
            handIndex={last}
            rules={view.rules}
            finished={view.finished}
            viewer={you}
            t={t}
            name={name}
            settings={settings}
            onNext={next}
            onClose={() => setSheetClosed(last)}
            onReview={watching ? undefined : () => void review()}
          />
        )}
        {showEnd && (
          <GameEnd
            view={view}
            viewer={you}
            t={t}
            name={name}
            onNewGame={watching ? undefined : () => client.send({ t: "rematch", table: code })}
            onExport={() => void saveRecord()}
            onClose={() => setSheetClosed(-1)}
          />
        )}
        {leaveDialog}
      </Table>
      {!muted && reactions.length > 0 && (
        <div class="online-reactions" role="status">
          {reactions.map((r) => (
            <div class="toast toast-react" key={r.id}>
              {name(r.seat)}: {t(REACTION_KEYS[r.reaction])}
            </div>
          ))}
        </div>
      )}
      {info.rematch.length > 0 && view.finished && (
        <p class="online-rematch toast" role="status" data-testid="rematch-asked">
          {t("online.rematchAsked", { names: info.rematch.map((s) => name(s)) })}
        </p>
      )}
    </main>
  );
}

/** A menu of the table's bar, folded under its label; it folds again once one of its buttons is chosen. */
function DropMenu(props: { label: string; class: string; testId?: string; children: ComponentChildren }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const d = ref.current;
    const onClick = (e: MouseEvent) => {
      if (d && (e.target as Element).closest(".online-drop-list button")) d.open = false;
    };
    d?.addEventListener("click", onClick);
    return () => d?.removeEventListener("click", onClick);
  }, []);
  return (
    <details ref={ref} class={`online-drop ${props.class}`} data-testid={props.testId}>
      <summary>{props.label}</summary>
      <div class="online-drop-list">{props.children}</div>
    </details>
  );
}

/** The invite link, and a button that copies it (and says so). */
function Invite({ t, code }: { t: T; code: string }) {
  const invite = `${location.origin}/t/${code}`;
  const [copied, setCopied] = useState(false);
  return (
    <p class="online-invite">
      <code data-testid="invite-link">{invite}</code>{" "}
      <button
        type="button"
        onClick={() =>
          void navigator.clipboard?.writeText(invite).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
        data-testid="copy-invite"
      >
        {copied ? t("copied") : t("online.copyLink")}
      </button>
    </p>
  );
}

/** In Partner, the viewer's partner (the engine's teams say which seat), said in the waiting room too. */
function partnerOf(rules: Rules, you: number | null, seat: number): boolean {
  return rules.game === "partner" && you !== null && seat !== you && sideOf(rules, seat) === sideOf(rules, you);
}

/**
 * A seat's name at an online table: the player's, a bot's marked as a bot ("Ruby · bot": a bot
 * also plays the seat of a person who left), or "open seat".
 */
function nameOf(info: TableInfo | null, seat: number, t: T): string {
  const s = info?.seats[seat];
  if (!s || s.kind === "open") return t("online.openSeat");
  return s.kind === "bot" ? t("online.botName", { name: s.name }) : s.name;
}

/** The player's own clock, short enough for a phone's bar: the move's seconds and the bank, then the bank's. */
function clockText(t: T, clock: TurnClock): string {
  return clock.moveMs > 0
    ? t("online.clockMove", { n: seconds(clock.moveMs), bank: seconds(clock.bankMs) })
    : t("online.bankShort", { n: seconds(clock.bankMs) });
}

/** What shows beside a seat's name: a bot's level, offline, away, ready, the clock of the seat to act. */
function seatTag(info: TableInfo, seat: number, clock: TurnClock | null, t: T): string | null {
  const s = info.seats[seat];
  const parts: string[] = [];
  if (s.kind === "bot" && s.level) parts.push(t(s.level));
  if (s.kind === "human" && !s.connected) parts.push(t("online.offline"));
  if (s.away) parts.push(t("online.away"));
  if (info.ready.includes(seat)) parts.push(t("online.ready"));
  if (clock?.seat === seat)
    parts.push(
      clock.moveMs > 0
        ? t("online.secondsShort", { n: seconds(clock.moveMs) })
        : t("online.bankShort", { n: seconds(clock.bankMs) }),
    );
  return parts.length > 0 ? parts.join(" · ") : null;
}
