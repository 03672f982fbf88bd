import { Link } from "react-router";

export default function NotFoundPage() {
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
