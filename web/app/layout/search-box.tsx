import { type FormEvent, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";

/** The header search: trimmed, URL-encoded, never submits blanks; mirrors q on /search. */
export function SearchBox({ className, onSubmitted }: { className?: string; onSubmitted?: () => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [text, setText] = useState("");

  useEffect(() => {
    const onSearch = location.pathname === "/search";
    setText(onSearch ? (new URLSearchParams(location.search).get("q") ?? "") : "");
  }, [location.pathname, location.search]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const q = text.trim();
    if (!q) return;
    navigate(`/search?q=${encodeURIComponent(q)}`);
    onSubmitted?.();
  }

  return (
    <search className={className}>
      <form onSubmit={submit}>
        <input
          type="search"
          name="q"
          aria-label="Search"
          placeholder="Search for news, coins, topics..."
          value={text}
          maxLength={200}
          onChange={(e) => setText(e.target.value)}
        />
      </form>
    </search>
  );
}
