/**
 * An online table: the same `Table` as offline, driven by the server's frames. The host keeps the
 * latest frame of its table (frame.ts: when it arrived, presence merged in, each hand's result
 * kept), turns the wire view back into the engine's (`fromWire`) and sends the player's choices as
 * actions against the version they saw. Someone who does not sit here sees the table first
 * (Preview.tsx) and chooses a seat or to watch; a player sees who is connected, away or thinking,
 * the turn clock and the banks, the invite code, the fixed reactions, and between hands the score
 * sheet and the next hand's countdown (or the pause); when a tournament round's time is up, that the
 * bots finish the game; at the end, a rematch and, at a rated table, how the game moved its people's
 * ratings.
 */

import type { Action, SeatView, TableView } from "@crossbones/engine";
import { fromWire, type Reaction, type TableInfo, type WireRefusal } from "@crossbones/protocol";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { T } from "../i18n";
import type { Settings } from "../settings";
import { click, knock } from "../sound";
import { Modal } from "../ui/Modal";
import { downloadRecord } from "../ui/Records";
import { ResignButton } from "../ui/ResignButton";
import { GameEnd, ScoreSheet } from "../ui/ScoreSheet";
import { spectatorSeat, Table } from "../ui/Table";
import type { Guest } from "./api";
import { failureText } from "./attempt";
import type { LinkStatus, OnlineClient } from "./client";
import { DealMark } from "./DealMark";
import { DropMenu } from "./DropMenu";
import { useDealChecks } from "./fairness";
import { applyPresence, type HeldFrame, msLeft, receiveTable, seconds, type TurnClock, turnClock } from "./frame";
import { InviteFriend } from "./InviteFriend";
import { PeopleEntries, seatPerson } from "./PlayerMenu";
import { TablePreview } from "./Preview";
import { RatingChanges } from "./RatingChanges";
import { REACTION_KEYS, ReactMenu } from "./ReactMenu";
import { useRatedGame } from "./ratedGame";
import { gapAfter } from "./reactions";
import { onlineRefusalText } from "./refusal";
import { nameOf, SeatList } from "./Seats";
import { useFriends } from "./useFriends";
import { useNow } from "./useNow";

/** Refusals of the seed the app sends by itself (one too late): nothing the player did. */
const SEED_CODES = new Set(["deal-made", "seed-given"]);

/** How long a reaction shows at its seat (ms). */
const REACTION_SHOWN = 3000;

export interface OnlineTableProps {
  client: OnlineClient;
  code: string;
  /** The player this device plays as, for friends (add one, invite one); null for a guest made only to watch. */
  guest: Guest | null;
  /** Opens a player's profile. */
  onProfile: (id: string) => void;
  /** Opened to watch (a friend's table, from the lobby): no look from outside first. */
  watchFirst?: boolean;
  t: T;
  settings: Settings;
  /** Back to the lobby. */
  onLobby: () => void;
  /** The page on fair deals. */
  onFairness: () => void;
  /** Opens the review of a finished hand: the table's record, the hand, and this player's seat. */
  onReview: (record: unknown, hand: number, seat: number) => void;
  /** Takes a seat the viewer chose: by default at once; a watcher who has no name yet chooses one first. */
  onSit?: (seat: number) => void;
  /** A seat chosen before this device had a name: taken as soon as the table opens. */
  sitAt?: number | null;
  /** The seat of `sitAt` was asked for. */
  onSat?: () => void;
}

/** An action made while the link was down, shown as pending until the server answers it. */
interface Pending {
  readonly id: string;
  readonly action: Action;
}

/** A reaction showing at its seat. */
interface Said {
  readonly id: number;
  readonly seat: number;
  readonly reaction: Reaction;
}

/**
 * A refusal of the viewer's reaction: the React menu says why, so no message is shown for it (an
 * invitation's rate limit says `about: "invite"` and is shown).
 */
function reactionRefused(refusal: WireRefusal): boolean {
  return (
    refusal.code === "no-table-talk" ||
    (refusal.code === "rate-limited" && typeof refusal.retryAfter === "number" && refusal.about !== "invite")
  );
}

export function OnlineTable(props: OnlineTableProps) {
  const { client, code, t, settings, onLobby, onFairness, onReview } = props;
  const [held, setHeld] = useState<HeldFrame | null>(null);
  const [link, setLink] = useState<LinkStatus>(client.status);
  /** A refusal in words, with the version on screen when it came (null: before the table did). */
  const [message, setMessage] = useState<{ text: string; version: number | null } | null>(null);
  const [said, setSaid] = useState<Said[]>([]);
  const [muted, setMuted] = useState(false);
  /** When the gap after the viewer's last reaction ends (this device's clock). */
  const [reactUntil, setReactUntil] = useState(0);
  const [sheetClosed, setSheetClosed] = useState<number | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [leaving, setLeaving] = useState(false);
  /** A seat asked for, until the table shows the viewer seated or the server refuses. */
  const [seating, setSeating] = useState<number | null>(props.sitAt ?? null);
  /** Someone who does not sit here chose to watch rather than look at the table from outside. */
  const [watchChosen, setWatchChosen] = useState(props.watchFirst === true);
  const dealCheck = useDealChecks(client, code);
  const friends = useFriends(props.guest);
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
        if (m.table.you !== null) setSeating(null);
        setHeld(receiveTable(m, Date.now()));
      } else if (m.t === "presence" && m.table === code) {
        setHeld((previous) => previous && applyPresence(previous, m));
      } else if (m.t === "ack" && m.id === pending?.id) {
        setPending(null);
      } else if (m.t === "refused" && (m.table === code || m.table === null) && !SEED_CODES.has(m.refusal.code)) {
        if (m.id !== null && m.id === pending?.id) setPending(null);
        setSeating(null);
        if (m.id === null && reactionRefused(m.refusal)) {
          const wait = m.refusal.retryAfter;
          if (typeof wait === "number") setReactUntil(Date.now() + wait);
          return;
        }
        const info = held?.message.table ?? null;
        const text = onlineRefusalText(t, m.refusal, (seat) => nameOf(info, seat, t));
        // A refused action is about the position it was made in; anything else (a seat taken…) is not.
        setMessage({ text, version: m.id !== null ? (held?.message.view.version ?? null) : null });
      } else if (m.t === "reaction" && m.table === code) {
        if (m.seat === held?.message.table.you) setReactUntil(gapAfter(Date.now()));
        setSaid((list) => [
          ...list.filter((s) => s.seat !== m.seat),
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

  // A seat chosen before this device had a name: asked for once, now that it has one.
  useEffect(() => {
    if (props.sitAt === undefined || props.sitAt === null) return;
    client.sit(code, props.sitAt);
    props.onSat?.();
  }, []);

  useEffect(() => {
    if (said.length === 0) return;
    const timer = setTimeout(() => setSaid((l) => l.slice(1)), REACTION_SHOWN);
    return () => clearTimeout(timer);
  }, [said]);

  const view = useMemo((): SeatView | null => {
    if (!held) return null;
    const v = fromWire(held.message.view);
    return "hand" in v ? v : spectatorSeat(v as TableView);
  }, [held?.message.view]);
  const info = held?.message.table ?? null;
  const rated = useRatedGame(client, code, info?.game ?? -1);
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
  const notice = message && (message.version === null || message.version === view?.version) ? message.text : null;

  if (!held || !view || !info) {
    return (
      <main class="online card">
        {notice ? (
          <p class="error" role="alert">
            {notice}
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
  const person = seatPerson(t, info, friends, props.onProfile);
  const sit = (seat: number) => {
    if (props.onSit) return props.onSit(seat);
    setMessage(null);
    setSeating(seat);
    client.sit(code, seat);
  };

  if (watching && !watchChosen) {
    return (
      <TablePreview
        t={t}
        code={code}
        info={info}
        view={view}
        message={notice}
        seating={seating !== null}
        onSit={sit}
        person={person}
        onWatch={() => setWatchChosen(true)}
        onLobby={onLobby}
      />
    );
  }

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
  const react = (reaction: Reaction) => {
    setReactUntil(gapAfter(Date.now()));
    client.send({ t: "react", table: code, reaction });
  };
  const friendFailed = (err: unknown) => setMessage({ text: failureText(t, err, name), version: null });
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
  const nextHand = msLeft(info.nextHandMs, held.at, now);
  const next = () => {
    // Ready for the next hand (and back at the table, if a bot was playing for this player).
    setSheetClosed(last);
    if (!watching) client.send({ t: "next", table: code });
  };
  const record = async (): Promise<unknown> => {
    // As this player: a duplicate round's table gives its record to its players only.
    const token = props.guest?.token;
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const response = await fetch(`/api/tables/${code}/record`, { headers }).catch(() => null);
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
        {notice && (
          <p class="error" role="alert">
            {notice}
          </p>
        )}
        <p>{t("online.waitingFor", { n: info.seats.filter((s) => s.kind === "open").length })}</p>
        <SeatList
          t={t}
          info={info}
          rules={view.rules}
          onSit={watching && seating === null ? sit : undefined}
          onRemove={maker ? (seat) => client.send({ t: "remove", table: code, seat }) : undefined}
          person={person}
        />
        <p>{t("online.inviteText")}</p>
        <Invite t={t} code={code} />
        {!watching && props.guest !== null && (
          <InviteFriend
            t={t}
            guest={props.guest}
            client={client}
            code={code}
            seated={info.seats.flatMap((s) => (s.player === undefined ? [] : [s.player]))}
          />
        )}
        <div class="buttons">
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
      {!watching && <ReactMenu t={t} view={view} until={reactUntil} muted={muted} onReact={react} onMute={setMuted} />}
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
        <PeopleEntries t={t} info={info} friends={friends} onProfile={props.onProfile} onFailed={friendFailed} />
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
      {/* The tournament round's time is up: bots finish the game, nobody may move (already in a status region). */}
      {info.timeUp && (
        <span class="online-banner" data-testid="time-up">
          {t("online.timeUp")}
        </span>
      )}
      {info.paused && between && (
        <span class="online-banner" data-testid="paused">
          {t("online.paused")}
        </span>
      )}
    </>
  );

  // Reactions show at their seats, never over the board; a screen reader hears the latest.
  const shownSaid = muted ? [] : said;
  const saying = (seat: number) => {
    const s = shownSaid.find((x) => x.seat === seat);
    return s ? t(REACTION_KEYS[s.reaction]) : null;
  };
  const lastSaid = shownSaid[shownSaid.length - 1];

  return (
    <main class="online" data-table={code} data-link={link}>
      <Table
        view={view}
        t={t}
        settings={settings}
        name={name}
        tag={tag}
        said={saying}
        act={watching ? undefined : act}
        watching={watching}
        message={notice}
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
          >
            {info.setup.rated && <RatingChanges t={t} rated={rated} name={name} />}
          </GameEnd>
        )}
        {leaveDialog}
      </Table>
      <p class="visually-hidden" role="status" data-testid="reaction-said">
        {lastSaid ? `${name(lastSaid.seat)}: ${t(REACTION_KEYS[lastSaid.reaction])}` : ""}
      </p>
      {info.rematch.length > 0 && view.finished && (
        <p class="online-rematch toast" role="status" data-testid="rematch-asked">
          {t("online.rematchAsked", { names: info.rematch.map((s) => name(s)) })}
        </p>
      )}
    </main>
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
