import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * Turns an answer's text into React nodes (assistant-plans-admin.md §2): "#", "##", "###" lines are
 * headings, a line wrapped in "**" a subheading, "- " lines bullets; "**bold**" and "[text](url)"
 * inline. Raw HTML tags are stripped, and nothing is ever set as HTML: every piece is a text node.
 */

const TAG = /<\/?[a-zA-Z!][^>]*>/g;
const INLINE = /(\*\*[^*\n]+?\*\*|\[[^\]\n]+\]\([^)\s]+\))/g;

/** Site paths ("/article/x") and http(s) URLs only; anything else (javascript:, data:, //host) is plain text. */
export function safeHref(href: string): { internal: boolean; href: string } | null {
  if (/^\/(?!\/)/.test(href) && !href.includes("\\")) return { internal: true, href };
  try {
    const url = new URL(href);
    if (url.protocol === "https:" || url.protocol === "http:") return { internal: false, href: url.toString() };
  } catch {
    return null;
  }
  return null;
}

function inline(text: string, keyBase: string): ReactNode[] {
  return text.split(INLINE).map((part, i) => {
    const key = `${keyBase}-${i}`;
    const bold = /^\*\*([^*\n]+?)\*\*$/.exec(part);
    if (bold) return <strong key={key}>{bold[1]}</strong>;
    const link = /^\[([^\]\n]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link) {
      const [, label = "", href = ""] = link;
      const safe = safeHref(href);
      if (!safe) return label;
      return safe.internal ? (
        <Link key={key} to={safe.href}>
          {label}
        </Link>
      ) : (
        <a key={key} href={safe.href} target="_blank" rel="noopener noreferrer nofollow">
          {label}
        </a>
      );
    }
    return part;
  });
}

export function formatAnswer(text: string): ReactNode[] {
  const lines = text.replace(/\r\n?/g, "\n").replace(TAG, "").split("\n");
  const out: ReactNode[] = [];
  let bullets: ReactNode[] = [];
  const flush = () => {
    if (bullets.length) out.push(<ul key={`ul-${out.length}`}>{bullets}</ul>);
    bullets = [];
  };
  lines.forEach((raw, i) => {
    const line = raw.trim();
    const key = `l${i}`;
    const bullet = /^[-*] (.*)$/.exec(line);
    if (bullet) {
      bullets.push(<li key={key}>{inline(bullet[1] ?? "", key)}</li>);
      return;
    }
    flush();
    if (!line) return;
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      const level = heading[1]?.length ?? 1;
      const content = inline(heading[2] ?? "", key);
      out.push(level === 1 ? <h3 key={key}>{content}</h3> : level === 2 ? <h4 key={key}>{content}</h4> : <h5 key={key}>{content}</h5>);
      return;
    }
    const sub = /^\*\*([^*]+)\*\*:?$/.exec(line);
    if (sub) {
      out.push(
        <p key={key} data-subheading="">
          <strong>{sub[1]}</strong>
        </p>,
      );
      return;
    }
    out.push(<p key={key}>{inline(line, key)}</p>);
  });
  flush();
  return out;
}
