/**
 * Which sockets' peers vanished without closing (a phone out of coverage): one round every
 * `heartbeatMs` for all of them. A socket heard from since the last round (a message or a pong) is
 * alive and is not pinged; a silent one is pinged; one still silent a round after its ping goes.
 * A vanished peer is dropped within three rounds of its last word. Pinging only the silent ones
 * matters at scale: a ping and its pong each wake the server, and a player at a table speaks every
 * few seconds anyway.
 */

interface Beat {
  heard: boolean;
  pinged: boolean;
}

export class Heartbeat<S> {
  private readonly beats = new Map<S, Beat>();

  constructor(private readonly peer: { ping(socket: S): void; drop(socket: S): void }) {}

  add(socket: S): void {
    this.beats.set(socket, { heard: true, pinged: false });
  }

  /** The socket's peer said something (a message, a pong). */
  heard(socket: S): void {
    const beat = this.beats.get(socket);
    if (beat) beat.heard = true;
  }

  remove(socket: S): void {
    this.beats.delete(socket);
  }

  round(): void {
    for (const [socket, beat] of this.beats) {
      if (beat.heard) {
        beat.heard = false;
        beat.pinged = false;
      } else if (beat.pinged) {
        this.beats.delete(socket);
        this.peer.drop(socket);
      } else {
        beat.pinged = true;
        this.peer.ping(socket);
      }
    }
  }
}
