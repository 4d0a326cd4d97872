import { Field } from "./field";

/** The query box of the portal's lists (box, vod): a search input named queryString and its Search button. */
export function SearchField({ label, error }: { label: string; error?: string }) {
  return (
    <div className="box-search">
      <Field
        name="queryString"
        label={label}
        type="search"
        placeholder="Titles, descriptions and tags"
        className="box-search__field"
        error={error}
      />
      <button type="submit" className="button">
        Search
      </button>
    </div>
  );
}
