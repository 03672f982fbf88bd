import { useParams } from "react-router";
import { CategoryView } from "#web/features/articles/components/article-lists.tsx";

export default function CategoryPage() {
  const { slug = "" } = useParams();
  return <CategoryView key={slug} slug={slug} />;
}
