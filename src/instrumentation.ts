// Runs once when the server process starts: open the database (migrations and reference data)
// before the first request, so a migration failure stops the start instead of failing requests.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDb } = await import("@/server/db/client");
  await getDb();
}
