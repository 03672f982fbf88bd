import { useCallback, useEffect, useRef, useState } from "react";
import type { EditableArticle } from "#schema/contracts/editorial.ts";
import type { ArticleChange, PresencePerson } from "#schema/contracts/presence.ts";
import { type EditorForm, isDirty } from "./editor-form.ts";
import { PresenceConnection } from "./presence-connection.ts";

export type Presence = {
  /** Connected to the article's presence object (nothing is said about others while not). */
  live: boolean;
  /** Everyone else with the article open, oldest first (this admin's other tabs included). */
  others: PresencePerson[];
  /** This admin's user id, once the server has named this connection. */
  me: string | null;
  /** The last change another write made to the article while it was open. */
  change: ArticleChange | null;
  article: EditableArticle;
  form: EditorForm;
  /** Ref of the editor's layout: the first edit there is stopped and asked about while others have the article. */
  gate: (el: HTMLElement | null) => void;
  /** The others the first edit is asked about (the dialog is open while this is set). */
  asking: PresencePerson[] | null;
  confirm(): void;
  cancel(): void;
};

/** Keys that change a rich-text editor's content without a `beforeinput` the gate could stop (ProseMirror handles them itself). */
const RICH_KEYS = new Set(["Enter", "Backspace", "Delete"]);
/** Keys that leave a select as it is. */
const SELECT_SAFE_KEYS = new Set(["Tab", "Escape", "Shift"]);

/** The others whose presence this admin is warned of: another admin who was there first, or is typing now. */
export function warnedOf(others: PresencePerson[], me: PresencePerson | undefined): PresencePerson[] {
  if (!me) return [];
  return others.filter((p) => p.userId !== me.userId && (p.editing || p.openedAt < me.openedAt));
}

/** Whether this event is an edit the gate stops: typing, pasting, dropping, cutting, a select or a control marked `data-edits`. */
function isEdit(e: Event): boolean {
  const t = e.target instanceof HTMLElement ? e.target : null;
  if (!t) return false;
  switch (e.type) {
    case "beforeinput":
    case "paste":
    case "drop":
    case "cut":
      return true;
    case "keydown": {
      const key = (e as KeyboardEvent).key;
      if (t.tagName === "SELECT") return !SELECT_SAFE_KEYS.has(key);
      return t.isContentEditable && RICH_KEYS.has(key);
    }
    case "mousedown":
      return t.tagName === "SELECT";
    case "click":
      return t.closest("[data-edits]") !== null;
    default:
      return false;
  }
}
const GATED = ["beforeinput", "paste", "drop", "cut", "keydown", "mousedown", "click"] as const;

/**
 * The editor's presence (docs/decisions/editorial/presence-over-a-hibernating-object.md): one socket
 * to the article's object that says "editing" while the form differs from the saved article and
 * "viewing" once it does not (after a save), lists the others live, keeps the last change another
 * write made, and holds the first edit for a confirmation while another admin has the article.
 */
export function usePresence(article: EditableArticle, form: EditorForm): Presence {
  const [live, setLive] = useState(false);
  const [people, setPeople] = useState<{ you: string; list: PresencePerson[] } | null>(null);
  const [change, setChange] = useState<ArticleChange | null>(null);
  const [asking, setAsking] = useState<{ who: PresencePerson[]; target: HTMLElement | null } | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const connection = useRef<PresenceConnection | null>(null);
  const revision = useRef(article.revision);
  revision.current = article.revision;
  const editing = isDirty(form, article);

  useEffect(() => {
    if (typeof WebSocket === "undefined") return;
    const c = new PresenceConnection(article.id, () => revision.current, {
      onMessage: (m) => {
        if (m.type === "people") setPeople({ you: m.you, list: m.people });
        else if (m.type === "changed") setChange(m.change);
      },
      onStatus: (up) => {
        setLive(up);
        // A list from before the socket was lost may be wrong by now: the next connection brings a fresh one.
        if (!up) setPeople(null);
      },
    });
    connection.current = c;
    return () => {
      c.stop();
      connection.current = null;
    };
  }, [article.id]);

  useEffect(() => {
    connection.current?.setEditing(editing);
  }, [editing]);

  const mine = people?.list.find((p) => p.connection === people.you);
  const others = live && people ? people.list.filter((p) => p.connection !== people.you) : [];
  const warned = confirmed ? [] : warnedOf(others, mine);
  // The listeners read the latest list without being added again on every message.
  const warnedRef = useRef(warned);
  warnedRef.current = warned;

  const [el, setEl] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!el) return;
    const stop = (e: Event) => {
      const who = warnedRef.current;
      if (!who.length || !isEdit(e)) return;
      e.preventDefault();
      e.stopPropagation();
      setAsking({ who, target: e.target instanceof HTMLElement ? e.target : null });
    };
    for (const type of GATED) el.addEventListener(type, stop, { capture: true });
    return () => {
      for (const type of GATED) el.removeEventListener(type, stop, { capture: true });
    };
  }, [el]);

  const confirm = useCallback(() => {
    setConfirmed(true);
    const target = asking?.target;
    setAsking(null);
    // Back to the field the admin was typing in (after the dialog has given focus back to it).
    queueMicrotask(() => target?.focus());
  }, [asking]);
  const cancel = useCallback(() => setAsking(null), []);

  return {
    // Until the first list arrives there is nothing to say, not "only you".
    live: live && people !== null,
    others,
    me: mine?.userId ?? null,
    change,
    article,
    form,
    gate: setEl,
    asking: asking?.who ?? null,
    confirm,
    cancel,
  };
}
