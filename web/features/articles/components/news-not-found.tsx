import { Link } from "react-router";
import { buttonClass } from "#web/components/ui/button.tsx";

/** What a missing article, category or tag shows: what is missing, why, and the way back to the news. */
export function NewsNotFound({ title, text }: { title: string; text: string }) {
  return (
    <div className="container page" style={{ textAlign: "center", paddingBlock: 64 }}>
      <h1>{title}</h1>
      <p className="muted">{text}</p>
      <Link to="/news" className={buttonClass("primary")}>
        Browse news
      </Link>
    </div>
  );
}
