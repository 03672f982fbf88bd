import { useParams } from "react-router";
import { TagView } from "#web/features/articles/components/tag-view.tsx";

/** /tag/{slug}. */
export default function TagPage() {
  const { slug = "" } = useParams();
  return <TagView key={slug} slug={slug} />;
}
