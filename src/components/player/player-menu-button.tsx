"use client";

import { useEffect, useId, useRef, useState } from "react";
import type { PlayerMenu } from "./player-menus";

/**
 * A settings menu of the player: a button naming the menu and its choice, opening a list of
 * radio items (arrow keys move, Enter/Space choose, Escape closes and gives focus back).
 */
export function PlayerMenuButton({ menu, onDone }: { menu: PlayerMenu; onDone(): void }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const id = useId();
  const current = menu.items.find((i) => i.value === menu.selected)?.label ?? menu.selected;

  useEffect(() => {
    if (!open) return;
    const items = list.current?.querySelectorAll<HTMLElement>("[role=menuitemradio]");
    const checked = list.current?.querySelector<HTMLElement>("[aria-checked=true]");
    (checked ?? items?.[0])?.focus();
    const close = (e: PointerEvent) => {
      if (!list.current?.contains(e.target as Node) && e.target !== button.current) setOpen(false);
    };
    document.addEventListener("pointerdown", close);
    return () => document.removeEventListener("pointerdown", close);
  }, [open]);

  /** A pointer's choice gives the focus back to the player (onDone), a key's to the menu's button. */
  function choose(value: string, byPointer: boolean) {
    menu.onSelect(value);
    setOpen(false);
    if (byPointer) onDone();
    else button.current?.focus();
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLUListElement>) {
    const items = [...(list.current?.querySelectorAll<HTMLElement>("[role=menuitemradio]") ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      const next = items[(at + (e.key === "ArrowDown" ? 1 : items.length - 1)) % items.length];
      next?.focus();
    } else if (e.key === "Escape") {
      setOpen(false);
      button.current?.focus();
    } else return;
    e.preventDefault();
    e.stopPropagation();
  }

  return (
    <div className="player__menu">
      <button
        ref={button}
        type="button"
        className="player__button player__button--text"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
        data-testid={`player-menu-${menu.id}`}
      >
        <span className="player__menu-name">{menu.label}: </span>
        {current}
      </button>
      {open && (
        <ul id={id} ref={list} role="menu" aria-label={menu.label} className="player__menu-list" onKeyDown={onKeyDown}>
          {menu.items.map((item) => (
            <li
              key={item.value}
              role="menuitemradio"
              aria-checked={item.value === menu.selected}
              tabIndex={-1}
              onClick={(e) => choose(item.value, e.detail > 0)}
              onKeyDown={(e) => {
                if (e.key !== "Enter" && e.key !== " ") return;
                e.preventDefault();
                e.stopPropagation();
                choose(item.value, false);
              }}
            >
              {item.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
