import { Field, SelectField } from "@/components/form/field";

/**
 * The console's search over a list (GET, its state in the address): the words, one filter, a submit.
 * `filter.options` come after an "any" option whose value is empty.
 */
export function AdminSearch({
  action,
  label,
  query,
  filter,
  submit,
}: {
  action: string;
  label: string;
  query: { label: string; value: string };
  filter: { name: string; label: string; any: string; value: string; options: { value: string; label: string }[] };
  submit: string;
}) {
  return (
    <form method="get" action={action} className="admin-filters" role="search" aria-label={label}>
      <Field name="q" label={query.label} type="search" defaultValue={query.value} />
      <SelectField
        name={filter.name}
        label={filter.label}
        defaultValue={filter.value}
        options={[{ value: "", label: filter.any }, ...filter.options]}
      />
      <button type="submit" className="button">
        {submit}
      </button>
    </form>
  );
}
