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
    /** The values of the checked boxes of a group (CheckboxGroupField). */
    all: (name: string): string[] => data.getAll(name).map(String),
  };
}

/** The id of the input of a field path, also the anchor of the error summary's links. */
export const fieldId = (name: string) => `f-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;

/** A readable name for a field path no label names: "finance.billingAddress.zipCode" -> "Zip code". */
function readablePath(path: string): string {
  const last = path.split(".").pop() ?? path;
  const words = last.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The path or its closest parent that `labels` names ("tags.3" -> "tags"); only own keys, never "constructor". */
function labelledPath(path: string, labels: Record<string, string>): string | undefined {
  const parts = path.split(".");
  return parts.map((_, i) => parts.slice(0, parts.length - i).join(".")).find((p) => Object.hasOwn(labels, p));
}

/**
 * A submit's field errors by the input that shows them, `labels` being the labels of the form's
 * inputs: an error on a part of an input's value ("tags.3") is that input's (the first one, as the
 * server keeps the first error of a field). A path no input covers keeps its own key.
 */
export function errorsByInput(fieldErrors: Record<string, string>, labels: Record<string, string>): Record<string, string> {
  const byInput = new Map<string, string>();
  for (const [path, message] of Object.entries(fieldErrors)) {
    const input = labelledPath(path, labels) ?? path;
    if (!byInput.has(input)) byInput.set(input, message);
  }
  return Object.fromEntries(byInput);
}

/**
 * A field error said away from any input (in a notice), so it names the field: the form's label of
 * the path or of its closest labelled parent, else the path made readable, then the server's message.
 */
export function fieldErrorText(path: string, message: string, labels: Record<string, string>): string {
  const labelled = labelledPath(path, labels);
  return `${labelled ? labels[labelled] : readablePath(path)}: ${message}`;
}
