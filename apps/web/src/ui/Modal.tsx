/** A modal dialog on the native <dialog> element: focus is trapped and Escape closes it. */

import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";

export function Modal({
  title,
  onClose,
  children,
  className,
  id,
}: {
  title: string;
  onClose?: () => void;
  children: ComponentChildren;
  className?: string;
  id?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => {
      if (d?.open) d.close();
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
