/**
 * An online table: the same `Table` as offline, driven by the server's frames. The host keeps the
 * latest frame of its table (each hand's result arrives once: `keepResults`), turns the wire view
 * back into the engine's (`fromWire`) and sends the player's choices as actions against the version
 * they saw. It shows who is connected, away or thinking, the turn clock, the invite code, the
 * fixed reactions, and between hands the score sheet; at the end, a rematch.
 */

import type { Action, SeatView, TableView } from "@crossbones/engine";
import {
  fromWire,
  keepResults,
  REACTIONS,
  type Reaction,
  type ServerMessage,
  type TableInfo,
} from "@crossbones/protocol";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Key, T } from "../i18n";
import type { Settings } from "../settings";
import { click, knock } from "../sound";
import { downloadRecord } from "../ui/Records";
import { ResignButton } from "../ui/ResignButton";
import { GameEnd, ScoreSheet } from "../ui/ScoreSheet";
import { spectatorSeat, Table } from "../ui/Table";
import type { LinkStatus, OnlineClient } from "./client";
import { DealMark } from "./DealMark";
import { useDealChecks } from "./fairness";
import { onlineRefusalText } from "./refusal";

type TableMessage = Extract<ServerMessage, { t: "table" }>;

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

/**
 * Seconds left of `ms` counted from when the frame carrying it arrived (`frame`: a new frame starts
 * a new count). Durations, not the server's clock: this device's clock may be minutes off.
 */
function useCountdown(ms: number | null, frame: unknown): number | null {
  const [start, setStart] = useState(Date.now());
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const at = Date.now();
    setStart(at);
    setNow(at);
    if (ms === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [ms, frame]);
  return ms === null ? null : Math.max(0, Math.ceil((start + ms - now) / 1000));
}

export interface OnlineTableProps {
  client: OnlineClient;
  code: string;
  t: T;
  settings: Settings;
  /** Back to the lobby. */
  onLobby: () => void;
  /** The page on fair deals. */
  onFairness: () => void;
}

export function OnlineTable({ client, code, t, settings, onLobby, onFairness }: OnlineTableProps) {
  const [frame, setFrame] = useState<TableMessage | null>(null);
  const [link, setLink] = useState<LinkStatus>(client.status);
  /** A refusal in words, with the version on screen when it came (null: before the table did). */
  const [message, setMessage] = useState<{ text: string; version: number | null } | null>(null);
  const [reactions, setReactions] = useState<{ id: number; seat: number; reaction: Reaction }[]>([]);
  const [muted, setMuted] = useState(false);
  const [sheetClosed, setSheetClosed] = useState<number | null>(null);
  const dealCheck = useDealChecks(client, code);
  // What a late refusal is said with: the latest seats and language, not those of the first render.
  const latest = useRef({ frame: null as TableMessage | null, t });
  latest.current = { frame, t };

  useEffect(() => {
    const offMessage = client.on((m) => {
      if (m.t === "table" && m.table.code === code) {
        setFrame((previous) => {
          const same = previous !== null && previous.table.game === m.table.game;
          return { ...m, view: keepResults(same ? previous.view : null, m.view) };
        });
      } else if (m.t === "refused" && (m.table === code || m.table === null) && !SEED_CODES.has(m.refusal.code)) {
        const { frame, t } = latest.current;
        const text = onlineRefusalText(t, m.refusal, (seat) => nameOf(frame?.table ?? null, seat, t));
        // A refused action is about the position it was made in; anything else (a seat taken…) is not.
        setMessage({ text, version: m.id !== null ? (frame?.view.version ?? null) : null });
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
    if (!frame) return null;
    const v = fromWire(frame.view);
    return "hand" in v ? v : spectatorSeat(v as TableView);
  }, [frame]);
  const info = frame?.table ?? null;
  const countdown = useCountdown(info?.turnMs ?? null, frame);
  // A message goes after a while; one about a position goes with it (and a move clears it).
  // Before the table shows (a code that leads nowhere), the message stays.
  const shown = frame !== null;
  useEffect(() => {
    if (!message || !shown) return;
    const timer = setTimeout(() => setMessage(null), 8000);
    return () => clearTimeout(timer);
  }, [message, shown]);
  const said = message && (message.version === null || message.version === view?.version) ? message.text : null;

  if (!frame || !view || !info) {
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

  const you = info.you;
  const watching = you === null;
  const name = (seat: number) => (seat === you ? t("you") : nameOf(info, seat, t));
  const tag = (seat: number) => seatTag(info, seat, view.turn, countdown, t);
  const act = (action: Action) => {
    setMessage(null);
    if (action.type === "play") click(settings.sound);
    else if (action.type === "pass") knock(settings.sound);
    client.act(code, view.version, action);
    return null;
  };
  const last = view.handIndex;
  const result = last >= 0 ? view.results[last] : null;
  const between = result !== null && view.phase === "hand-over";
  const showSheet = between && sheetClosed !== last && view.resigned === null;
  const showEnd = view.finished && sheetClosed !== -1;
  const open = info.seats.some((s) => s.kind === "open");
  const invite = `${location.origin}/t/${code}`;
  const saveRecord = async () => {
    const response = await fetch(`/api/tables/${code}/record`).catch(() => null);
    if (!response?.ok) {
      setMessage({ text: t("online.offlineError"), version: view.version });
      return;
    }
    downloadRecord(JSON.stringify(await response.json(), null, 2), `crossbones-${code}.json`);
  };

  const menu = (
    <nav class="table-menu online-menu" aria-label={t("menu")}>
      <span class="online-code">
        {t("online.table")} <b data-testid="table-code">{code}</b>
      </span>
      {link === "reconnecting" && (
        <span class="online-link" role="status" data-testid="reconnecting">
          {t("online.reconnecting")}
        </span>
      )}
      {!watching && (
        <details class="online-react">
          <summary>{t("online.react")}</summary>
          <div class="online-react-list">
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
          </div>
        </details>
      )}
      {!watching && !view.finished && <ResignButton t={t} onResign={() => act({ type: "resign" })} />}
      {!watching && (
        <button type="button" onClick={() => client.send({ t: "leave", table: code })} data-testid="leave">
          {t("online.leave")}
        </button>
      )}
      <button type="button" onClick={onLobby} data-testid="to-lobby">
        {t("online.lobby")}
      </button>
    </nav>
  );

  if (info.status === "waiting") {
    return (
      <main class="online card online-waiting" data-table={code} data-link={link} data-testid="waiting">
        <h1>
          {t("online.table")} <b data-testid="table-code">{code}</b>
        </h1>
        <p>{t("online.waitingFor", { n: info.seats.filter((s) => s.kind === "open").length })}</p>
        <ul class="online-seats">
          {info.seats.map((s) => (
            <li key={s.seat}>
              {name(s.seat)}
              {s.kind === "bot" && s.level ? ` (${t(s.level)})` : ""}
            </li>
          ))}
        </ul>
        <p>{t("online.inviteText")}</p>
        <p class="online-invite">
          <code data-testid="invite-link">{invite}</code>{" "}
          <button type="button" onClick={() => void navigator.clipboard?.writeText(invite)} data-testid="copy-invite">
            {t("online.copyLink")}
          </button>
        </p>
        <div class="buttons">
          {watching && open && (
            <button type="button" class="primary" onClick={() => client.sit(code)} data-testid="sit">
              {t("online.sit")}
            </button>
          )}
          {!watching && (
            <button type="button" onClick={() => client.send({ t: "leave", table: code })} data-testid="leave">
              {t("online.leave")}
            </button>
          )}
          <button type="button" class="ghost" onClick={onLobby} data-testid="to-lobby">
            {t("online.lobby")}
          </button>
        </div>
      </main>
    );
  }

  return (
    <div class="online" data-table={code} data-link={link}>
      <Table
        view={view}
        t={t}
        settings={settings}
        name={name}
        tag={tag}
        act={watching ? undefined : act}
        watching={watching}
        message={said}
        autoPass={false}
        menu={menu}
        actions={
          <>
            {view.turn !== null && countdown !== null && (
              <span class="online-clock" data-testid="clock">
                {t("online.clock", { name: name(view.turn), n: countdown })}
              </span>
            )}
            <DealMark check={dealCheck} t={t} name={name} onFairness={onFairness} />
            {watching && <span class="online-watching">{t("online.watching")}</span>}
            {watching && open && (
              <button type="button" class="primary" onClick={() => client.sit(code)} data-testid="sit">
                {t("online.sit")}
              </button>
            )}
            {between && !showSheet && (
              <button type="button" onClick={() => setSheetClosed(null)} data-testid="open-sheet">
                {t("scoreSheet")}
              </button>
            )}
            {view.finished && !showEnd && !watching && (
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
            viewer={watching ? -1 : (you as number)}
            t={t}
            name={name}
            settings={settings}
            onNext={() => {
              // Ready for the next hand: it comes as soon as everyone is (or when the pause ends).
              setSheetClosed(last);
              if (!watching) client.send({ t: "next", table: code });
            }}
            onClose={() => setSheetClosed(last)}
          />
        )}
        {showEnd && !watching && (
          <GameEnd
            view={view}
            t={t}
            name={name}
            onNewGame={() => client.send({ t: "rematch", table: code })}
            onExport={() => void saveRecord()}
            onClose={() => setSheetClosed(-1)}
          />
        )}
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
    </div>
  );
}

/** A seat's name at an online table: the player's, a bot's, or "open seat". */
function nameOf(info: TableInfo | null, seat: number, t: T): string {
  const s = info?.seats[seat];
  if (!s || s.kind === "open") return t("online.openSeat");
  return s.name;
}

/** What shows beside a seat's name: a bot's level, away, disconnected, the clock of the seat to act. */
function seatTag(info: TableInfo, seat: number, turn: number | null, countdown: number | null, t: T): string | null {
  const s = info.seats[seat];
  const parts: string[] = [];
  if (s.kind === "bot" && s.level) parts.push(t(s.level));
  if (s.kind === "human" && !s.connected) parts.push(t("online.offline"));
  if (s.away) parts.push(t("online.away"));
  if (info.ready.includes(seat)) parts.push(t("online.ready"));
  if (seat === turn && countdown !== null) parts.push(t("online.seconds", { n: countdown }));
  return parts.length > 0 ? parts.join(" · ") : null;
}
