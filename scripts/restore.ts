// `npm run restore -- FILE`: fills an empty DATA_DIR (and, with DATABASE_URL, an empty PostgreSQL
// database) from an archive of `npm run backup`; `npm start` then runs on it (docs/operations.md
// "Backup and restore").
import { restore, RestoreRefused } from "../src/server/backup/restore";

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error(
    "usage: npm run restore -- FILE   (DATA_DIR: an empty directory; DATABASE_URL: an empty database, for a PostgreSQL archive)",
  );
  process.exit(2);
}

async function main(file: string): Promise<void> {
  try {
    const report = await restore(file);
    for (const note of report.notes) console.log(`note: ${note}`);
    console.log(
      `restored ${report.manifest.database} database and ${report.manifest.storage} storage of ${report.manifest.createdAt} into ${report.dataDir}: npm start`,
    );
  } catch (err) {
    console.error(`restore ${err instanceof RestoreRefused ? "refused" : "failed"}: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

void main(file);
