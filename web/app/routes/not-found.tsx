import { Link } from "react-router";
import { useDocumentTitle } from "#web/lib/document-title.ts";

export default function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <div className="container page" style={{ textAlign: "center", paddingBlock: 64 }}>
      <h1>404 Page Not Found</h1>
      <p className="muted">Did you forget to add the page to the router?</p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </div>
  );
}
