/**
 * "Play online" (loaded on demand, like the lessons): a display name first (a guest, kept on this
 * device), then the lobby — quick match, make a table and invite friends by code or link, join by
 * code, your tables and your finished games — and the online table itself (`/t/CODE`).
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
import {
  ApiError,
  createTable,
  type FinishedGame,
  forgetGuest,
  type Guest,
  gameRecord,
  guestFromKey,
  isWatcher,
  myGames,
  myTables,
  newGuest,
  savedGuest,
} from "./api";
import { OnlineClient } from "./client";
import { msLeft, seconds } from "./frame";
import { OnlineTable } from "./OnlineTable";
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
}

type SeatChoice = TableSetup["seats"][number];

export function Online(props: OnlineProps) {
  const { t } = props;
  const [guest, setGuest] = useState<Guest | null>(savedGuest);
  // A watcher without a name who wants to sit: the name first.
  const [naming, setNaming] = useState(false);
  const watcher = guest !== null && isWatcher(guest);
  if (!guest || naming || (watcher && props.code === null)) {
    const onGuest = (g: Guest) => {
      setNaming(false);
      setGuest(g);
    };
    // Following an invite, one may just watch: no name is needed for that.
    return (
      <NameForm t={t} onGuest={onGuest} inviting={props.code !== null} canWatch={props.code !== null && !naming} />
    );
  }
  if (props.code !== null && !TABLE_CODE.test(props.code)) {
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
  return (
    <Signed
      {...props}
      key={guest.token}
      guest={guest}
      onSit={watcher ? () => setNaming(true) : undefined}
      onForget={() => {
        forgetGuest();
        setGuest(null);
      }}
    />
  );
}

function Signed(props: OnlineProps & { guest: Guest; onForget: () => void; onSit?: () => void }) {
  const { t, guest } = props;
  const client = useMemo(() => new OnlineClient(OnlineClient.urlOf(location), guest.token), [guest.token]);
  const [sat, setSat] = useState<string | null>(null);
  const [bye, setBye] = useState<string | null>(null);
  useEffect(() => {
    // The server does not know this guest (its data was reset): choose a name again.
    const off = client.on((m) => {
      if (m.t !== "bye" || m.retry) return;
      if (m.refusal.code === "bad-token") props.onForget();
      else setBye(onlineRefusalText(t, m.refusal, () => guest.player.name));
    });
    return () => {
      off();
      client.close();
    };
  }, [client]);

  // An invite link seats the player at once (if a seat is open), then shows the table; a watcher
  // without a name only watches until it chooses one.
  useEffect(() => {
    if (!props.code || sat === props.code || props.onSit) return;
    client.sit(props.code);
    setSat(props.code);
  }, [props.code]);

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

  if (props.code) {
    return (
      <OnlineTable
        client={client}
        code={props.code}
        t={t}
        settings={props.settings}
        onLobby={() => props.onOpen(null)}
        onFairness={props.onFairness}
        onReview={props.onReview}
        onSit={props.onSit}
      />
    );
  }
  return <Lobby {...props} client={client} />;
}

function NameForm({
  t,
  onGuest,
  inviting,
  canWatch,
}: {
  t: T;
  onGuest: (g: Guest) => void;
  inviting: boolean;
  /** Offer to watch the invited table without a name. */
  canWatch: boolean;
}) {
  const [error, setError] = useState("");
  return (
    <main class="online card">
      <h1>{t("online.title")}</h1>
      <p>{inviting ? t("online.nameForInvite") : t("online.nameIntro")}</p>
      <GuestForm t={t} field="name" onGuest={onGuest} />
      {canWatch && (
        <p>
          <button
            type="button"
            class="ghost"
            onClick={() =>
              newGuest(t("online.watcherName"), true).then(onGuest, () => setError(t("online.offlineError")))
            }
            data-testid="just-watch"
          >
            {t("online.justWatch")}
          </button>
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <details class="online-key online-key-card">
        <summary>{t("online.haveKey")}</summary>
        <GuestForm t={t} field="key" onGuest={onGuest} />
      </details>
    </main>
  );
}

/** The two ways to the guest this device plays as: a new name, or another device's key. */
const GUEST_FIELDS = {
  name: {
    id: "guest-name",
    go: "guest-go",
    label: "online.yourName",
    submit: "online.continue",
    button: "primary",
    input: { maxLength: 24, required: true, autoComplete: "nickname" },
    get: (value: string) => newGuest(value.trim()),
  },
  key: {
    id: "guest-key",
    go: "guest-key-go",
    label: "online.keyLabel",
    submit: "online.useKey",
    button: undefined,
    input: { autoComplete: "off", spellcheck: false },
    get: guestFromKey,
  },
} as const;

/**
 * One field that gets the guest this device plays as: a new one from a name, or another device's
 * from its key ("Played on another device?").
 */
function GuestForm({ t, field, onGuest }: { t: T; field: keyof typeof GUEST_FIELDS; onGuest: (g: Guest) => void }) {
  const [value, setValue] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const f = GUEST_FIELDS[field];
  return (
    <>
      <form
        class={field === "name" ? "online-name" : undefined}
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          setError("");
          try {
            onGuest(await f.get(value));
          } catch (err) {
            const refusal = err instanceof ApiError ? err.refusal : null;
            // A key the server does not know is refused as a bad token: say it in the key's words.
            if (refusal === null) setError(t("online.offlineError"));
            else setError(field === "name" ? onlineRefusalText(t, refusal, () => value) : t("online.badKey"));
          } finally {
            setBusy(false);
          }
        }}
      >
        <label for={f.id}>{t(f.label)}</label>
        <input
          id={f.id}
          value={value}
          {...f.input}
          onInput={(e) => setValue((e.target as HTMLInputElement).value)}
          data-testid={f.id}
        />
        <button type="submit" class={f.button} disabled={busy || value.trim() === ""} data-testid={f.go}>
          {t(f.submit)}
        </button>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** This device's guest key, to play as the same player on another device. */
function MyKey({ t, guest }: { t: T; guest: Guest }) {
  return (
    <details class="online-key">
      <summary>{t("online.otherDevice", { name: guest.player.name })}</summary>
      <p>{t("online.keyText")}</p>
      <input
        readOnly
        value={guest.token}
        aria-label={t("online.keyLabel")}
        onFocus={(e) => (e.target as HTMLInputElement).select()}
        data-testid="my-key"
      />
      <button type="button" onClick={() => void navigator.clipboard?.writeText(guest.token)} data-testid="copy-key">
        {t("online.copyKey")}
      </button>
    </details>
  );
}

function Lobby(props: OnlineProps & { guest: Guest; client: OnlineClient }) {
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
        <MyKey t={t} guest={guest} />
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
      <div class="buttons">
        <button type="button" class="ghost" onClick={props.onHome}>
          {t("back")}
        </button>
        <button type="button" class="ghost" onClick={props.onFairness} data-testid="lobby-fairness">
          {t("fair.howLink")}
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
  return (
    <section class="card online-quick">
      <h2>{t("online.quick")}</h2>
      <p>{t("online.quickText")}</p>
      {queued ? (
        <div role="status" data-testid="queued">
          <p>
            {t("online.waitingPlayers", { n: queued.waiting })}{" "}
            {t("online.botsIn", { n: seconds(msLeft(queued.botsMs, queued.at, now) ?? 0) })}
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
          <button
            type="button"
            class="primary"
            onClick={() => client.queue(game, playersFor(game, players))}
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
  const count = playersFor(game, players);
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
        <div class="buttons">
          <button type="submit" class="primary" data-testid="create-table">
            {t("online.createButton")}
          </button>
        </div>
      </form>
    </section>
  );
}
