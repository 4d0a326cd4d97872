/**
 * Reads a submitted form by input name. Input names are the procedure's field paths
 * ("finance.billingAddress.city"), so the server's field errors map back onto the inputs.
 */
export function formReader(form: HTMLFormElement) {
  const data = new FormData(form);
  return {
    text: (name: string): string => String(data.get(name) ?? ""),
    /** A checkbox is in the form data only when checked. */
    checked: (name: string): boolean => data.get(name) !== null,
  };
}

/** The id of the input of a field path, also the anchor of the error summary's links. */
export const fieldId = (name: string) => `f-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;

/** A readable name for a field path no label names: "finance.billingAddress.zipCode" -> "Zip code". */
function fieldLabel(path: string): string {
  const last = path.split(".").pop() ?? path;
  const words = last.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * One field error as the portal shows it: the form's label of the field (of its closest labelled
 * parent: "tags.3" is the Tags input's), then the server's message.
 */
export function fieldErrorText(path: string, message: string, labels: Record<string, string>): string {
  const parts = path.split(".");
  const labelled = parts.map((_, i) => parts.slice(0, parts.length - i).join(".")).find((p) => Object.hasOwn(labels, p));
  return `${labelled ? labels[labelled] : fieldLabel(path)}: ${message}`;
}
