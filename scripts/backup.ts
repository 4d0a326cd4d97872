// `npm run backup -- FILE`: one archive of the running instance this environment describes (DATA_DIR,
// DATABASE_URL, STORAGE_DRIVER, AUTH_SECRET, ...): database, media files, secrets (docs/operations.md
// "Backup and restore"). The archive holds the instance's secrets: it is written with mode 0600.
import { backup } from "../src/server/backup/backup";

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error("usage: npm run backup -- FILE   (run with the instance's environment: DATA_DIR, DATABASE_URL, STORAGE_DRIVER, ...)");
  process.exit(2);
}

async function main(file: string): Promise<void> {
  try {
    const report = await backup(file);
    if (report.warnings) console.warn(`tar: ${report.warnings}`);
    for (const note of report.notes) console.log(`note: ${note}`);
    console.log(
      `backup written: ${report.file} (${report.bytes} bytes, mode 0600: it holds the instance's secrets; database ${report.manifest.database}, storage ${report.manifest.storage})`,
    );
  } catch (err) {
    console.error(`backup failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

void main(file);
