/**
 * A player's name as a link to their profile: a real link (`/p/ID`: copied, opened in a new tab),
 * followed inside the app when simply clicked.
 */

import type { ComponentChildren } from "preact";
import { profilePath } from "./api";

export function PlayerLink({
  id,
  onOpen,
  children,
}: {
  id: string;
  onOpen: (id: string) => void;
  children: ComponentChildren;
}) {
  return (
    <a
      href={profilePath(id)}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        onOpen(id);
      }}
    >
      {children}
    </a>
  );
}
