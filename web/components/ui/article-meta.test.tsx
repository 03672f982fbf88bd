import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ArticleMeta } from "./article-meta.tsx";

describe("ArticleMeta", () => {
  it("shows the comment count when there are comments, singular for one", () => {
    const { rerender } = render(<ArticleMeta publishedAt={new Date().toISOString()} readTime={4} commentCount={3} />);
    expect(screen.getByText("3 comments")).toBeInTheDocument();
    rerender(<ArticleMeta publishedAt={new Date().toISOString()} readTime={4} commentCount={1} />);
    expect(screen.getByText("1 comment")).toBeInTheDocument();
  });

  it("leaves the count out rather than read '0 comments'", () => {
    const { container } = render(<ArticleMeta publishedAt={new Date().toISOString()} readTime={4} commentCount={0} />);
    expect(container).toHaveTextContent(/min read$/);
    expect(container).not.toHaveTextContent("comment");
  });
});
