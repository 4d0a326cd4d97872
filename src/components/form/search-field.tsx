import { useTranslations } from "next-intl";
import { Field } from "./field";

/** The query box of the portal's lists (box, vod): a search input named queryString and its Search button. */
export function SearchField({ label, error }: { label: string; error?: string }) {
  const t = useTranslations("search");
  return (
    <div className="box-search">
      <Field name="queryString" label={label} type="search" placeholder={t("placeholder")} className="box-search__field" error={error} />
      <button type="submit" className="button">
        {t("submit")}
      </button>
    </div>
  );
}
