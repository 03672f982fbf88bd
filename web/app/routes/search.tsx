import { SearchView } from "#web/features/search/components/search-view.tsx";

export default function SearchPage() {
  return <SearchView />;
}
