import { useParams } from "react-router";
import { ArticleView } from "#web/features/articles/components/article-view.tsx";

/** /article/{slug} and /crypto-101/{slug}: the same reading view. */
export default function ArticlePage() {
  const { slug = "" } = useParams();
  return <ArticleView key={slug} slug={slug} />;
}
