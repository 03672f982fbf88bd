import { useEffect, useRef, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { toast } from "#web/components/ui/toast.tsx";
import styles from "./article.module.css";

/** How long the copy button reads "Copied!" (public-site.md §9). */
export const COPIED_MS = 2000;

export function shareTargets(url: string, title: string, excerpt: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { name: "Email", href: `mailto:?subject=${t}&body=${encodeURIComponent(`${excerpt ? `${excerpt}\n\n` : ""}${url}`)}` },
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: "Twitter/X", href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { name: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: "Reddit", href: `https://www.reddit.com/submit?url=${u}&title=${t}` },
  ];
}

export function ShareCard({ url, title, excerpt }: { url: string; title: string; excerpt: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error("Clipboard unavailable");
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast({ title: "Link copied!" });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      toast({ title: "Failed to copy", description: "Please try copying the link manually.", variant: "destructive" });
    }
  }

  return (
    <Card title="Share this article" as="section" aria-label="Share this article">
      <div className={styles.shareRow}>
        <Button variant="outline" size="sm" onClick={copy} aria-live="polite">
          {copied ? "Copied!" : "Copy link"}
        </Button>
        {shareTargets(url, title, excerpt).map((target) => (
          <a
            key={target.name}
            className="btn btn-outline btn-sm"
            href={target.href}
            target={target.name === "Email" ? undefined : "_blank"}
            rel="noopener noreferrer"
            aria-label={target.name === "Email" ? "Share by email" : `Share on ${target.name}`}
          >
            {target.name}
          </a>
        ))}
      </div>
    </Card>
  );
}
