/**
 * "Play online" (loaded on demand, like the lessons): the guest this device plays as (a name, or
 * another device's key, kept on this device; a link opened with neither is watched by a guest made
 * for it), then the lobby — quick match, make a table and invite friends by code or link, join by
 * code, your friends, your tables and your finished games, the player key — and the online table
 * (`/t/CODE`); invitations from friends show over both.
 */

import { defaultRules, GAME_KINDS, type GameKind, sideOf } from "@crossbones/engine";
import { type ServerMessage, TABLE_CODE, type TableSetup } from "@crossbones/protocol";
import { useEffect, useMemo, useState } from "preact/hooks";
import { GAME_KEYS, type T } from "../i18n";
import type { Settings } from "../settings";
import { PlayerCount } from "../ui/PlayerCount";
import { PresetPicker } from "../ui/PresetPicker";
import { playersFor } from "../view/players";
import { PRESETS } from "../view/presets";
import { Account } from "./Account";
import {
  ApiError,
  createTable,
  type FinishedGame,
  forgetGuest,
  type Guest,
  gameRecord,
  isWatcher,
  myGames,
  myTables,
  newGuest,
  newKey,
  onGuestKept,
  savedGuest,
} from "./api";
import { OnlineClient } from "./client";
import { Friends } from "./Friends";
import { msLeft, seconds } from "./frame";
import { Invitations } from "./Invitations";
import { MyKey } from "./MyKey";
import { NameForm } from "./NameForm";
import { OnlineTable } from "./OnlineTable";
import { deleteAccount } from "./passkeys";
import { RatedOption } from "./RatedOption";
import { onlineRefusalText } from "./refusal";
import { useNow } from "./useNow";

export interface OnlineProps {
  t: T;
  settings: Settings;
  /** The table of the page's address (`/t/CODE`), or null for the lobby. */
  code: string | null;
  /** Opens a table (or the lobby: null), updating the page's address. */
  onOpen: (code: string | null) => void;
  onHome: () => void;
  /** Watch a record in the replay viewer. */
  onWatchRecord: (text: string) => void;
  /** Review hand `hand` of an online game's record, as the player at `seat`. */
  onReview: (record: unknown, hand: number, seat: number) => void;
  /** The page on fair deals. */
  onFairness: () => void;
  /** The leaderboards. */
  onLeaderboards: () => void;
  /** Opens the tournaments' list. */
  onTournaments: () => void;
  /** A player's profile. */
  onProfile: (id: string) => void;
}

type SeatChoice = TableSetup["seats"][number];

export function Online(props: OnlineProps) {
  const { t, code } = props;
  const [guest, setGuest] = useState<Guest | null>(savedGuest);
  /** A seat chosen by someone who was only watching: taken once they have a name. */
  const [seatWanted, setSeatWanted] = useState<number | null>(null);
  /** The player this device was signed out of (its key refused), said over the name form. */
  const [signedOut, setSignedOut] = useState<Guest | null>(null);
  /** This device just changed its key (Sign out other devices). */
  const [keyChanged, setKeyChanged] = useState(false);

  // Signed out because another tab of this device changed the key: play on with the new one.
  useEffect(() => {
    if (signedOut === null) return;
    return onGuestKept((kept) => {
      if (kept.player.id !== signedOut.player.id) return;
      setSignedOut(null);
      setGuest(kept);
    });
  }, [signedOut]);

  if (code !== null && !TABLE_CODE.test(code)) {
    return (
      <main class="online card">
        <p class="error" role="alert">
          {t("online.badCode")}
        </p>
        <button type="button" onClick={() => props.onOpen(null)}>
          {t("online.lobby")}
        </button>
      </main>
    );
  }
  const choose = (g: Guest) => {
    setSignedOut(null);
    setGuest(g);
  };
  if (signedOut !== null) {
    return <NameForm t={t} reason={{ why: "signed-out", name: signedOut.player.name }} onGuest={choose} />;
  }
  if (guest === null) {
    // Following a link, the table shows first: no name is needed to look at it.
    return code === null ? (
      <NameForm t={t} reason={{ why: "lobby" }} onGuest={choose} />
    ) : (
      <Visitor t={t} onGuest={choose} />
    );
  }
  const watcher = isWatcher(guest);
  if (watcher && code === null) return <NameForm t={t} reason={{ why: "lobby" }} onGuest={choose} />;
  if (watcher && seatWanted !== null) {
    return <NameForm t={t} reason={{ why: "sit", onBack: () => setSeatWanted(null) }} onGuest={choose} />;
  }
  const refused = (old: Guest) => {
    // Another tab of this device may have changed the key already: play on with the new one.
    const kept = savedGuest();
    if (kept !== null && kept.player.id === old.player.id && kept.token !== old.token) {
      setGuest(kept);
      return;
    }
    // A guest made only to watch has nothing to sign back into: a new one watches instead.
    const watcherOnly = isWatcher(old);
    forgetGuest(old.token);
    setGuest(null);
    if (!watcherOnly) setSignedOut(old);
  };
  return (
    <Signed
      {...props}
      key={guest.token}
      guest={guest}
      sitAt={seatWanted}
      onSat={() => setSeatWanted(null)}
      onSit={watcher ? setSeatWanted : undefined}
      keyChanged={keyChanged}
      onNewKey={(g) => {
        setKeyChanged(true);
        setGuest(g);
      }}
      onRefused={refused}
      onDeleted={() => setGuest(null)}
    />
  );
}

/**
 * Someone who followed a link and has no name yet: a guest made only to watch (the server speaks
 * to guests alone), so that the table shows before they choose to sit or to watch.
 */
function Visitor({ t, onGuest }: { t: T; onGuest: (g: Guest) => void }) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    newGuest(t("online.watcherName"), true).then(
      (g) => live && onGuest(g),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  return (
    <main class="online card">
      {failed ? (
        <>
          <p class="error" role="alert">
            {t("online.offlineError")}
          </p>
          <button
            type="button"
            onClick={() => {
              setFailed(false);
              setAttempt(attempt + 1);
            }}
          >
            {t("online.tryAgain")}
          </button>
        </>
      ) : (
        <p class="loading">{t("online.connecting")}</p>
      )}
    </main>
  );
}

interface SignedProps extends OnlineProps {
  guest: Guest;
  /** A seat chosen before this device had a name, to take at once; `onSat` once asked for. */
  sitAt: number | null;
  onSat: () => void;
  /** How a seat is taken when it needs more than asking (a watcher names first). */
  onSit?: (seat: number) => void;
  keyChanged: boolean;
  /** The guest's new key, kept on this device (Sign out other devices). */
  onNewKey: (guest: Guest) => void;
  /** The server refused this guest's key (`bad-token`). */
  onRefused: (guest: Guest) => void;
  /** The guest's account was deleted (this device has forgotten it). */
  onDeleted: () => void;
}

function Signed(props: SignedProps) {
  const { t, guest } = props;
  // Made again after a change of key that failed (its socket was closed for it).
  const [attempt, setAttempt] = useState(0);
  const client = useMemo(() => new OnlineClient(OnlineClient.urlOf(location), guest.token), [guest.token, attempt]);
  const [bye, setBye] = useState<string | null>(null);
  /** A table opened from the lobby to watch it (a friend's): no look from outside first. */
  const [watchFirst, setWatchFirst] = useState<string | null>(null);
  useEffect(() => {
    const off = client.on((m) => {
      if (m.t !== "bye" || m.retry) return;
      // The key was changed on another device, or the server no longer knows this guest.
      if (m.refusal.code === "bad-token") props.onRefused(guest);
      else setBye(onlineRefusalText(t, m.refusal, () => guest.player.name));
    });
    return () => {
      off();
      client.close();
    };
  }, [client]);

  const signOutOthers = async () => {
    // The server closes every socket of this player, this one too: closed first, its `bad-token`
    // is not taken for this device being signed out. The new key connects afresh.
    client.close();
    try {
      props.onNewKey(await newKey(guest));
    } catch (err) {
      setAttempt(attempt + 1);
      throw err;
    }
  };

  const deleteMine = async () => {
    // As for a new key: this socket is closed first, so the server closing it is not a sign-out.
    client.close();
    try {
      await deleteAccount(guest);
      props.onDeleted();
    } catch (err) {
      setAttempt(attempt + 1);
      throw err;
    }
  };

  if (bye) {
    return (
      <main class="online card">
        <p class="error" role="alert" data-testid="bye">
          {bye}
        </p>
        <button type="button" onClick={() => location.reload()}>
          {t("online.reload")}
        </button>
      </main>
    );
  }
  const screen = props.code ? (
    <OnlineTable
      key={props.code}
      client={client}
      code={props.code}
      guest={isWatcher(guest) ? null : guest}
      t={t}
      settings={props.settings}
      onLobby={() => props.onOpen(null)}
      onFairness={props.onFairness}
      onReview={props.onReview}
      onProfile={props.onProfile}
      onSit={props.onSit}
      sitAt={props.sitAt}
      onSat={props.onSat}
      watchFirst={watchFirst === props.code}
    />
  ) : (
    <Lobby
      {...props}
      client={client}
      onSignOutOthers={signOutOthers}
      onDelete={deleteMine}
      onWatch={(code) => {
        setWatchFirst(code);
        props.onOpen(code);
      }}
    />
  );
  return (
    <>
      {screen}
      <Invitations t={t} client={client} onJoin={props.onOpen} />
    </>
  );
}

function Lobby(
  props: SignedProps & {
    client: OnlineClient;
    onSignOutOthers: () => Promise<void>;
    onDelete: () => Promise<void>;
    /** Opens a table to watch it. */
    onWatch: (code: string) => void;
  },
) {
  const { t, guest, client } = props;
  const [error, setError] = useState("");
  /** The quick-match wait, with when its frame came (its durations count from there). */
  const [queued, setQueued] = useState<(Extract<ServerMessage, { t: "queued" }> & { at: number }) | null>(null);
  const now = useNow(queued !== null);
  const [tables, setTables] = useState<{ code: string; status: string }[]>([]);
  const [games, setGames] = useState<FinishedGame[]>([]);
  const [join, setJoin] = useState("");

  useEffect(() => {
    const off = client.on((m) => {
      if (m.t === "queued") setQueued({ ...m, at: Date.now() });
      else if (m.t === "matched") {
        setQueued(null);
        props.onOpen(m.table);
      } else if (m.t === "refused" && m.table === null)
        setError(onlineRefusalText(t, m.refusal, () => guest.player.name));
    });
    myTables(guest).then(
      (r) => setTables(r.tables),
      () => undefined,
    );
    myGames(guest).then(
      (r) => setGames(r.games),
      () => undefined,
    );
    return off;
  }, [client]);

  return (
    <main class="online lobby" data-testid="lobby">
      <header class="online-head">
        <h1>{t("online.title")}</h1>
        <p>{t("online.signedIn", { name: guest.player.name })}</p>
        <MyKey t={t} guest={guest} changed={props.keyChanged} onSignOutOthers={props.onSignOutOthers} />
      </header>
      {error && (
        <p class="error card" role="alert">
          {error}
        </p>
      )}
      <QuickMatch t={t} client={client} queued={queued} now={now} onCancel={() => setQueued(null)} />
      <CreateTable t={t} guest={guest} onMade={props.onOpen} onError={setError} />
      <section class="card online-join">
        <h2>{t("online.join")}</h2>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const code = join.trim().toUpperCase();
            if (TABLE_CODE.test(code)) props.onOpen(code);
            else setError(t("online.badCode"));
          }}
        >
          <label for="join-code">{t("online.code")}</label>
          <input
            id="join-code"
            value={join}
            maxLength={10}
            autoCapitalize="characters"
            onInput={(e) => setJoin((e.target as HTMLInputElement).value)}
            data-testid="join-code"
          />
          <button type="submit">{t("online.joinButton")}</button>
        </form>
      </section>
      <Friends t={t} guest={guest} onJoin={props.onOpen} onWatch={props.onWatch} onProfile={props.onProfile} />
      {tables.length > 0 && (
        <section class="card online-mine">
          <h2>{t("online.myTables")}</h2>
          <ul>
            {tables.map((table) => (
              <li key={table.code}>
                <button type="button" class="ghost" onClick={() => props.onOpen(table.code)}>
                  {table.code}
                </button>{" "}
                {t(
                  table.status === "finished"
                    ? "online.statusFinished"
                    : table.status === "playing"
                      ? "online.statusPlaying"
                      : "online.statusWaiting",
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {games.length > 0 && (
        <section class="card online-games">
          <h2>{t("online.myGames")}</h2>
          <ul>
            {games.map((g) => (
              <li key={g.id}>
                <span>
                  {t(GAME_KEYS[g.kind as GameKind]?.name ?? "french")} · {g.names.join(", ")} ·{" "}
                  {new Date(g.finished).toLocaleDateString(t.locale)}
                </span>{" "}
                <button type="button" class="small" onClick={async () => props.onWatchRecord(await gameRecord(g.id))}>
                  {t("online.watchGame")}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Account t={t} guest={guest} onDelete={props.onDelete} />
      <div class="buttons">
        <button type="button" class="ghost" onClick={props.onHome}>
          {t("back")}
        </button>
        <button type="button" class="ghost" onClick={props.onFairness} data-testid="lobby-fairness">
          {t("fair.howLink")}
        </button>
        <button type="button" class="ghost" onClick={props.onLeaderboards} data-testid="lobby-leaderboards">
          {t("rating.leaderboards")}
        </button>
        <button type="button" class="ghost" onClick={props.onTournaments} data-testid="lobby-tournaments">
          {t("tour.lobbyLink")}
        </button>
      </div>
    </main>
  );
}

function QuickMatch({
  t,
  client,
  queued,
  now,
  onCancel,
}: {
  t: T;
  client: OnlineClient;
  queued: (Extract<ServerMessage, { t: "queued" }> & { at: number }) | null;
  now: number;
  onCancel: () => void;
}) {
  const [game, setGame] = useState<GameKind>("french");
  const [players, setPlayers] = useState(() => playersFor("cutthroat"));
  // Bot accounts (programs people run) may sit with me: on unless I say otherwise (docs/ratings.md).
  const [bots, setBots] = useState(true);
  return (
    <section class="card online-quick">
      <h2>{t("online.quick")}</h2>
      <p>{t("online.quickText")}</p>
      {queued ? (
        <div role="status" data-testid="queued">
          <p>
            {t("online.waitingPlayers", { n: queued.waiting })}{" "}
            {t("online.botsIn", { n: seconds(msLeft(queued.botsMs, queued.at, now) ?? 0) })}{" "}
            {queued.usualMs !== null && t("online.usualWait", { n: seconds(queued.usualMs) })}
          </p>
          <button
            type="button"
            onClick={() => {
              client.unqueue();
              onCancel();
            }}
          >
            {t("cancel")}
          </button>
        </div>
      ) : (
        <div class="row">
          <GamePicker t={t} game={game} players={players} onGame={setGame} onPlayers={setPlayers} name="quick" />
          <label>
            <input type="checkbox" checked={bots} onChange={(e) => setBots(e.currentTarget.checked)} />{" "}
            {t("online.allowBots")}
          </label>
          <button
            type="button"
            class="primary"
            onClick={() => client.queue(game, playersFor(game, players), bots)}
            data-testid="quick-go"
          >
            {t("online.quickGo")}
          </button>
        </div>
      )}
    </section>
  );
}

function GamePicker({
  t,
  game,
  players,
  onGame,
  onPlayers,
  name,
}: {
  t: T;
  game: GameKind;
  players: number;
  onGame: (g: GameKind) => void;
  onPlayers: (n: number) => void;
  name: string;
}) {
  return (
    <>
      <fieldset class="row">
        <legend>{t("game")}</legend>
        {GAME_KINDS.map((g) => (
          <label key={g} class={`pill ${game === g ? "chosen" : ""}`}>
            <input type="radio" name={`${name}-game`} checked={game === g} onChange={() => onGame(g)} />
            {t(GAME_KEYS[g].name)}
          </label>
        ))}
      </fieldset>
      {game === "cutthroat" && <PlayerCount t={t} name={`${name}-players`} players={players} onPlayers={onPlayers} />}
    </>
  );
}

const SEAT_CHOICES: readonly SeatChoice[] = ["human", "bot:easy", "bot:medium", "bot:hard"];

function CreateTable({
  t,
  guest,
  onMade,
  onError,
}: {
  t: T;
  guest: Guest;
  onMade: (code: string) => void;
  onError: (text: string) => void;
}) {
  const [game, setGame] = useState<GameKind>("french");
  const [players, setPlayers] = useState(() => playersFor("cutthroat"));
  const [seats, setSeats] = useState<SeatChoice[]>(["human", "human", "bot:medium", "bot:medium"]);
  const [preset, setPreset] = useState("standard");
  const [clock, setClock] = useState(true);
  const [isPrivate, setPrivate] = useState(true);
  const [rated, setRated] = useState(false);
  const count = playersFor(game, players);
  const people = seats.slice(1, count).every((s) => s === "human");
  // In Partner the seat opposite the maker's (seat 1) is their partner: the engine's teams say which.
  const teams = game === "partner" ? defaultRules("partner", count) : null;
  const isPartner = (seat: number) => teams !== null && sideOf(teams, seat) === sideOf(teams, 0);
  const presets = PRESETS.filter((p) => p.games.includes(game));
  const options = presets.find((p) => p.id === preset)?.options ?? {};
  return (
    <section class="card online-create">
      <h2>{t("online.create")}</h2>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          const setup: TableSetup = {
            game,
            players: count,
            options: options as TableSetup["options"],
            seats: ["human", ...seats.slice(1, count)],
            clock: clock || !isPrivate ? { move: 20, bank: 60 } : null,
            private: isPrivate,
            ...(rated && people ? { rated: true } : {}),
          };
          try {
            onMade((await createTable(guest, setup)).code);
          } catch (err) {
            onError(
              err instanceof ApiError && err.refusal
                ? onlineRefusalText(t, err.refusal, () => guest.player.name)
                : t("online.offlineError"),
            );
          }
        }}
      >
        <GamePicker
          t={t}
          game={game}
          players={players}
          name="create"
          onGame={(g) => {
            setGame(g);
            setPreset(PRESETS.find((p) => p.games.includes(g))?.id ?? "standard");
          }}
          onPlayers={setPlayers}
        />
        <fieldset class="bots">
          <legend>{t("online.seats")}</legend>
          {Array.from({ length: count - 1 }, (_, i) => i + 1).map((seat) => (
            <label key={seat} class="bot">
              <span>{t(isPartner(seat) ? "online.seatPartner" : "online.seatN", { n: seat + 1 })}</span>
              <select
                value={seats[seat]}
                onChange={(e) => {
                  const next = [...seats];
                  next[seat] = (e.target as HTMLSelectElement).value as SeatChoice;
                  setSeats(next);
                }}
                data-testid={`seat-${seat}`}
              >
                {SEAT_CHOICES.map((c) => (
                  <option key={c} value={c}>
                    {c === "human" ? t("online.person") : t(c.slice(4) as "easy" | "medium" | "hard")}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </fieldset>
        <PresetPicker t={t} presets={presets} chosen={preset} onChoose={(p) => setPreset(p.id)} />
        <label class="check">
          <input
            type="checkbox"
            checked={isPrivate}
            onChange={(e) => setPrivate((e.target as HTMLInputElement).checked)}
          />
          <span>{t("online.private")}</span>
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={clock || !isPrivate}
            disabled={!isPrivate}
            onChange={(e) => setClock((e.target as HTMLInputElement).checked)}
          />
          <span>{t("online.clockOption")}</span>
        </label>
        <RatedOption t={t} people={people} rated={rated} onRated={setRated} />
        <div class="buttons">
          <button type="submit" class="primary" data-testid="create-table">
            {t("online.createButton")}
          </button>
        </div>
      </form>
    </section>
  );
}
