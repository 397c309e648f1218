/** A menu of an online table's bar, folded under its label; it folds again once one of its buttons is chosen. */

import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";

export function DropMenu(props: { label: string; class: string; testId?: string; children: ComponentChildren }) {
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
