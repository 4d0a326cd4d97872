"use client";

import { useRef, useState, type DragEvent } from "react";
import { useTranslations } from "next-intl";
import { Upload, type DetailedError } from "tus-js-client";
import { Field } from "@/components/form/field";
import { fieldErrorText } from "@/components/form/read-form";
import { ProgressBar } from "@/components/progress-bar";
import { formatBytes } from "@/lib/format";
import { trpc } from "@/components/trpc/react";
import type { UploadAllowance } from "@/server/domain/box/get-upload-allowance";
import { PROCESSING_POLL_MS } from "./processing-poll";

/** Where the portal's resumable uploads go (src/server/box-tus). */
const TUS_ENDPOINT = "/uploads/box";
/** After a dropped connection or a server error: retry after these delays (ms), each time from the offset the server has. */
const RETRY_DELAYS = [1000, 2000, 3000, 5000, 8000, 13000, 21000, 34000];
/** Bytes per PATCH: a failed request costs at most this much again, and no proxy body limit is hit. */
const CHUNK_BYTES = 8 * 1024 * 1024;

/** The upload's texts (messages box.*). */
type T = ReturnType<typeof useTranslations<"box">>;

/** The labels of the upload's fields; the server's field errors are named by them too. */
const labelsOf = (t: T) => ({ title: t("labels.title"), tags: t("labels.tags"), description: t("labels.description") });

type UploadState =
  | { phase: "idle" }
  | { phase: "uploading"; name: string; sent: number; total: number; retrying?: "connection" | "server" }
  | { phase: "done"; name: string; boxId: string | null }
  | { phase: "failed"; name: string; message: string };

/** The HTTP status of a failed request; 0 when no answer came (connection dropped). */
const statusOf = (err: Error | DetailedError): number => ("originalResponse" in err ? (err.originalResponse?.getStatus() ?? 0) : 0);

/**
 * Only what may go through later is retried: no answer at all (the connection dropped) or a server
 * error. A 4xx is the server's decision (too large, quota used up, invalid title): sending the same
 * request again gets the same answer, so it is shown at once.
 */
const isRetryable = (err: DetailedError): boolean => statusOf(err) === 0 || statusOf(err) >= 500;

/** The message of a refused upload (the server's JSON body, field errors named as in the form), or of a network failure. */
function messageOf(err: Error | DetailedError, t: T): string {
  const body = "originalResponse" in err ? err.originalResponse?.getBody() : undefined;
  if (body) {
    try {
      const parsed = JSON.parse(body) as { message?: string; errors?: { field: string; message: string }[] };
      if (parsed.errors?.length) return parsed.errors.map((e) => fieldErrorText(e.field, e.message, labelsOf(t))).join("; ");
      if (parsed.message) return parsed.message;
    } catch {
      /* not JSON: fall through */
    }
  }
  const status = statusOf(err);
  if (status > 0) return t("upload.refusedHttp", { status });
  return t("upload.stopped");
}

/** Why a file cannot fit, known before a byte is sent (the server would answer the same), or undefined. */
function refusalOf(file: File, allowance: UploadAllowance | undefined, t: T): string | undefined {
  if (!allowance) return undefined; // not loaded yet: the server checks all the same
  if (file.size > allowance.maxFileBytes)
    return t("upload.tooLargeFile", { size: formatBytes(file.size), max: formatBytes(allowance.maxFileBytes) });
  if (file.size > allowance.storageLeftBytes)
    return t("upload.tooLargeStorage", { size: formatBytes(file.size), left: formatBytes(allowance.storageLeftBytes) });
  return undefined;
}

/** The limits an upload must fit, as the server checks them. */
function UploadLimits({ allowance }: { allowance: UploadAllowance }) {
  const t = useTranslations("box");
  if (allowance.licenseExpired) {
    return (
      <p className="notice notice--error upload-limits" id="upload-limits" data-testid="upload-limits">
        {t("upload.licenseExpired")}
      </p>
    );
  }
  return (
    <p className="field__hint upload-limits" id="upload-limits" data-testid="upload-limits">
      {t("upload.limits", {
        maxFile: formatBytes(allowance.maxFileBytes),
        storageLeft: formatBytes(allowance.storageLeftBytes),
        uploads: allowance.uploadsLeft,
      })}
    </p>
  );
}

/**
 * Drag-and-drop (or pick) a video: uploaded with tus, so a dropped connection resumes where it
 * stopped, and dropping the same file again after a reload resumes the earlier upload. The finished
 * upload becomes a box item at once (onUploaded); its notice stays while the item is processing.
 */
export function BoxUploader({ onUploaded }: { onUploaded: (boxId: string | null) => void }) {
  const t = useTranslations("box");
  const LABELS = labelsOf(t);
  const [state, setState] = useState<UploadState>({ phase: "idle" });
  const [dragging, setDragging] = useState(false);
  const [title, setTitle] = useState("");
  const [tags, setTags] = useState("");
  const current = useRef<Upload | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const utils = trpc.useUtils();
  const allowance = trpc.box.uploadAllowance.useQuery();
  const uploadedId = state.phase === "done" ? state.boxId : null;
  const uploaded = trpc.box.get.useQuery(
    { boxId: uploadedId ?? "" },
    { enabled: uploadedId !== null, refetchInterval: (q) => (q.state.data?.status === "PROCESSING" ? PROCESSING_POLL_MS : false) },
  );
  const processing = uploaded.data ? uploaded.data.status === "PROCESSING" : !uploaded.isError;

  async function start(file: File) {
    if (state.phase === "uploading") return;
    const name = file.name;
    const refusal = refusalOf(file, allowance.data, t);
    if (refusal) {
      setState({ phase: "failed", name, message: refusal });
      return;
    }
    const upload = new Upload(file, {
      endpoint: TUS_ENDPOINT,
      retryDelays: RETRY_DELAYS,
      chunkSize: CHUNK_BYTES,
      removeFingerprintOnSuccess: true,
      metadata: {
        filename: name,
        filetype: file.type || "application/octet-stream",
        title: title.trim() || name.replace(/\.[^.]+$/, ""),
        tags,
      },
      onProgress: (sent, total) => setState((s) => (s.phase === "uploading" ? { ...s, sent, total, retrying: undefined } : s)),
      onShouldRetry: (err) => {
        const retry = isRetryable(err);
        const retrying = statusOf(err) === 0 ? "connection" : "server";
        if (retry) setState((s) => (s.phase === "uploading" ? { ...s, retrying } : s));
        return retry;
      },
      onError: (err) => {
        current.current = null;
        setState({ phase: "failed", name, message: messageOf(err, t) });
        // a refusal may come from limits that changed since they were read (another upload)
        void utils.box.uploadAllowance.invalidate();
      },
      onSuccess: ({ lastResponse }) => {
        current.current = null;
        const boxId = lastResponse.getHeader("Kinora-Box-Id") ?? null;
        setState({ phase: "done", name, boxId });
        setTitle("");
        setTags("");
        void utils.box.uploadAllowance.invalidate();
        onUploaded(boxId);
      },
    });
    current.current = upload;
    // the same file dropped again (after a reload, a failure): go on from what the server has
    const previous = await upload.findPreviousUploads();
    const resumeFrom = previous[0];
    if (resumeFrom) upload.resumeFromPreviousUpload(resumeFrom);
    setState({ phase: "uploading", name, sent: 0, total: file.size });
    upload.start();
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) void start(file);
  }

  function cancel() {
    const upload = current.current;
    current.current = null;
    // terminate: the server drops the partial file
    void upload?.abort(true).catch(() => undefined);
    setState({ phase: "idle" });
  }

  const busy = state.phase === "uploading";
  return (
    <section className="card" aria-labelledby="upload-title">
      <h2 id="upload-title">{t("upload.title")}</h2>
      <div className="upload-fields">
        <Field
          name="upload.title"
          label={LABELS.title}
          hint={t("titleHint")}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={200}
          disabled={busy}
        />
        <Field
          name="upload.tags"
          label={LABELS.tags}
          hint={t("tagsHint")}
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          disabled={busy}
        />
      </div>
      <div
        className={`dropzone ${dragging ? "dropzone--over" : ""}`}
        data-testid="dropzone"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        onClick={() => !busy && input.current?.click()}
        role="button"
        tabIndex={0}
        onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && !busy && input.current?.click()}
        aria-disabled={busy}
        aria-describedby={allowance.data ? "upload-limits" : undefined}
      >
        <p>{busy ? t("upload.uploading") : t("upload.drop")}</p>
        <input
          ref={input}
          type="file"
          accept="video/*"
          hidden
          data-testid="upload-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (file) void start(file);
          }}
        />
      </div>
      {allowance.data && <UploadLimits allowance={allowance.data} />}
      {state.phase === "uploading" && (
        <div className="upload-status" data-testid="upload-status">
          <ProgressBar
            label={t("upload.uploadingName", { name: state.name })}
            percent={state.total > 0 ? (100 * state.sent) / state.total : 0}
            testId="upload-progress"
          />
          <p className="field__hint">
            {state.retrying === "connection"
              ? t("upload.retryConnection")
              : state.retrying === "server"
                ? t("upload.retryServer")
                : t("upload.inProgress")}
          </p>
          <button type="button" className="button button--secondary" onClick={cancel}>
            {t("upload.cancel")}
          </button>
        </div>
      )}
      {state.phase === "done" && processing && (
        <p className="notice notice--success" role="status" data-testid="upload-done">
          {t("upload.done", { name: state.name })}
        </p>
      )}
      {state.phase === "failed" && (
        <p className="notice notice--error" role="alert" data-testid="upload-error">
          {state.name}: {state.message}
        </p>
      )}
    </section>
  );
}
