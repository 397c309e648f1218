/**
 * A modal dialog on the native <dialog> element: focus is trapped, Escape closes it, and when it
 * closes the focus goes back where it was (the bone that had it when P asked "Pass anyway?"), so the
 * keyboard carries on from there instead of from the top of the page.
 */

import type { ComponentChildren } from "preact";
import { useLayoutEffect, useRef } from "preact/hooks";

export function Modal({
  title,
  onClose,
  children,
  className,
  id,
  returnTo,
}: {
  title: string;
  onClose?: () => void;
  children: ComponentChildren;
  className?: string;
  id?: string;
  /**
   * Where the focus goes when the element that had it is gone by the time the dialog closes (the
   * bone that ended a hand, under the score sheet): the host's next thing to press.
   */
  returnTo?: () => HTMLElement | null;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // Read when the dialog closes, which may be long after it opened.
  const fallback = useRef(returnTo);
  fallback.current = returnTo;
  // Opened before the page is painted: a dialog that showed before it was modal would let a key
  // (Escape among them) reach the page behind it.
  useLayoutEffect(() => {
    const d = ref.current;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (d && !d.open) d.showModal();
    return () => {
      if (d?.open) d.close();
      // After the dialog has left the page: the focus would otherwise fall to the page itself.
      queueMicrotask(() => {
        const back = before?.isConnected && before !== document.body ? before : (fallback.current?.() ?? null);
        if (back && !document.querySelector("dialog[open]")) back.focus({ preventScroll: true });
      });
    };
  }, []);
  const titleId = `${id ?? "modal"}-title`;
  return (
    <dialog
      ref={ref}
      id={id}
      class={`modal ${className ?? ""}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose?.();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}
