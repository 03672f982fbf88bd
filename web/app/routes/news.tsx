import { NewsView } from "#web/features/articles/components/article-lists.tsx";

export default function NewsPage() {
  return <NewsView />;
}
