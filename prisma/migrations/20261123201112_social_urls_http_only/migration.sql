-- Profile links are shown as links on public pages: only http(s) URLs are accepted since this
-- version; links stored before with another scheme (javascript:, data:, ...) are dropped.
UPDATE "User" SET "socialUrl1" = NULL WHERE "socialUrl1" IS NOT NULL AND "socialUrl1" !~* '^https?://[^[:space:]]+$';
UPDATE "User" SET "socialUrl2" = NULL WHERE "socialUrl2" IS NOT NULL AND "socialUrl2" !~* '^https?://[^[:space:]]+$';
