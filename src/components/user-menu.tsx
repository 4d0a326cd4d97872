"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * The signed-in user's menu in the site header: a disclosure (works without script) named after the
 * user, which closes again when a link in it leads to another page or a click lands outside it.
 */
export function UserMenu({ userCode, label, children }: { userCode: string; label: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const pathname = usePathname();
  const shownAt = useRef(pathname);
  useEffect(() => {
    // only on a move to another page: a menu opened before hydration stays open
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    if (ref.current) ref.current.open = false;
  }, [pathname]);
  useEffect(() => {
    const close = (e: MouseEvent) => {
      if (ref.current?.open && e.target instanceof Node && !ref.current.contains(e.target)) ref.current.open = false;
    };
    document.addEventListener("click", close);
    return () => document.removeEventListener("click", close);
  }, []);
  return (
    <details className="user-menu" ref={ref}>
      <summary className="user-menu__toggle" data-testid="user-menu">
        <span aria-hidden="true" className="user-menu__avatar">
          {userCode.slice(0, 1).toUpperCase()}
        </span>
        <span className="visually-hidden">{label} </span>
        <span className="user-menu__name">{userCode}</span>
      </summary>
      <ul className="user-menu__list">{children}</ul>
    </details>
  );
}
