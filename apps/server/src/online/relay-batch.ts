/**
 * What one process sends another in one publish (cluster.ts): its messages and its followers'
 * frames of one event-loop turn, one line each. A frame comes in pieces (frames.ts): the parts every
 * follower holding the same older frame is sent (the table's public part, its information, a
 * presence message) are the same strings, and each crosses Redis once per publish however many
 * followers there are on the receiving process; each follower's line names them.
 *
 * Lines: `M` and a message's JSON; `S<n> ` and shared piece n's text; `F<fid> ` and a frame, its
 * pieces separated by U+001F, a shared one written as U+001E and its number. Neither separator can
 * be in a piece: pieces are JSON text, where control characters only appear escaped, and JSON has
 * no raw line break either.
 */

/** A piece shorter than this goes as it is: a reference would save next to nothing. */
const SHARED_MIN = 64;
const SEP = "\u001f";
const REF = "\u001e";

export class RelayBatch {
  private readonly lines: string[] = [];
  /** Shared pieces written so far, by their text (a cached piece is one string: its hash is kept). */
  private readonly shared = new Map<string, number>();

  message(message: unknown): void {
    this.lines.push(`M${JSON.stringify(message)}`);
  }

  /** A follower's frame: `pieces` joined are its text. */
  frame(fid: string, pieces: readonly string[]): void {
    let line = `F${fid} `;
    let literal = true;
    for (const [i, piece] of pieces.entries()) {
      if (piece.length >= SHARED_MIN) {
        let n = this.shared.get(piece);
        if (n === undefined) {
          n = this.shared.size;
          this.shared.set(piece, n);
          this.lines.push(`S${n} ${piece}`);
        }
        line += `${i > 0 ? SEP : ""}${REF}${n}`;
        literal = false;
      } else {
        // Literals next to each other are one piece.
        line += i > 0 && !literal ? `${SEP}${piece}` : piece;
        literal = true;
      }
    }
    this.lines.push(line);
  }

  /** The publish's text. */
  text(): string {
    return this.lines.join("\n");
  }
}

export interface BatchReader {
  message(message: unknown): void;
  frame(fid: string, text: string): void;
}

/** Reads a publish made by RelayBatch, in order. Throws on a line it cannot read (not ours). */
export function readBatch(data: string, to: BatchReader): void {
  const shared: string[] = [];
  for (const line of data.split("\n")) {
    const space = line.indexOf(" ");
    switch (line[0]) {
      case "M":
        to.message(JSON.parse(line.slice(1)));
        break;
      case "S":
        shared[Number(line.slice(1, space))] = line.slice(space + 1);
        break;
      case "F": {
        const pieces = line.slice(space + 1).split(SEP);
        to.frame(line.slice(1, space), pieces.map((p) => (p.startsWith(REF) ? piece(shared, p) : p)).join(""));
        break;
      }
      default:
        throw new Error(`unknown relay line ${line.slice(0, 1)}`);
    }
  }
}

function piece(shared: readonly string[], ref: string): string {
  const text = shared[Number(ref.slice(1))];
  if (text === undefined) throw new Error("a shared piece not sent");
  return text;
}
