"use client";

import { useRef, useState, type DragEvent } from "react";
import { Upload } from "tus-js-client";
import { ProgressBar } from "@/components/progress-bar";

/** Where the portal's resumable uploads go (src/server/box-tus). */
const TUS_ENDPOINT = "/uploads/box";
/** After a dropped connection: retry after these delays (ms), each time from the offset the server has. */
const RETRY_DELAYS = [1000, 2000, 3000, 5000, 8000, 13000, 21000, 34000];
/** Bytes per PATCH: a failed request costs at most this much again, and no proxy body limit is hit. */
const CHUNK_BYTES = 8 * 1024 * 1024;

type UploadState =
  | { phase: "idle" }
  | { phase: "uploading"; name: string; sent: number; total: number; retrying: boolean }
  | { phase: "done"; name: string; boxId: string | null }
  | { phase: "failed"; name: string; message: string };

/** The message of a refused upload (the server's JSON body), or of a network failure. */
function messageOf(err: Error & { originalResponse?: { getBody(): string } | null }): string {
  const body = err.originalResponse?.getBody();
  if (body) {
    try {
      const parsed = JSON.parse(body) as { message?: string };
      if (parsed.message) return parsed.message;
    } catch {
      /* not JSON: fall through */
    }
  }
  return "The upload stopped: check your connection and drop the same file again to resume it.";
}

/**
 * Drag-and-drop (or pick) a video: uploaded with tus, so a dropped connection resumes where it
 * stopped, and dropping the same file again after a reload resumes the earlier upload. The finished
 * upload becomes a box item at once (onUploaded).
 */
export function BoxUploader({ onUploaded }: { onUploaded: (boxId: string | null) => void }) {
  const [state, setState] = useState<UploadState>({ phase: "idle" });
  const [dragging, setDragging] = useState(false);
  const [title, setTitle] = useState("");
  const [tags, setTags] = useState("");
  const current = useRef<Upload | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function start(file: File) {
    if (state.phase === "uploading") return;
    const name = file.name;
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
      onProgress: (sent, total) => setState((s) => (s.phase === "uploading" ? { ...s, sent, total, retrying: false } : s)),
      onShouldRetry: () => {
        setState((s) => (s.phase === "uploading" ? { ...s, retrying: true } : s));
        return true;
      },
      onError: (err) => {
        current.current = null;
        setState({ phase: "failed", name, message: messageOf(err) });
      },
      onSuccess: ({ lastResponse }) => {
        current.current = null;
        const boxId = lastResponse.getHeader("Kinora-Box-Id") ?? null;
        setState({ phase: "done", name, boxId });
        setTitle("");
        setTags("");
        onUploaded(boxId);
      },
    });
    current.current = upload;
    // the same file dropped again (after a reload, a failure): go on from what the server has
    const previous = await upload.findPreviousUploads();
    const resumeFrom = previous[0];
    if (resumeFrom) upload.resumeFromPreviousUpload(resumeFrom);
    setState({ phase: "uploading", name, sent: 0, total: file.size, retrying: false });
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
      <h2 id="upload-title">Upload a video</h2>
      <div className="upload-fields">
        <label>
          Title <span className="muted">(default: the file name)</span>
          <input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} disabled={busy} />
        </label>
        <label>
          Tags <span className="muted">(comma separated)</span>
          <input value={tags} onChange={(e) => setTags(e.target.value)} disabled={busy} />
        </label>
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
      >
        <p>{busy ? "Uploading…" : "Drop a video here, or click to choose one"}</p>
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
      {state.phase === "uploading" && (
        <div className="upload-status" data-testid="upload-status">
          <ProgressBar
            label={`Uploading ${state.name}`}
            percent={state.total > 0 ? (100 * state.sent) / state.total : 0}
            testId="upload-progress"
          />
          <p className="field__hint">
            {state.retrying ? "Connection lost: retrying, the upload will resume where it stopped…" : "Upload in progress"}
          </p>
          <button type="button" className="button button--secondary" onClick={cancel}>
            Cancel upload
          </button>
        </div>
      )}
      {state.phase === "done" && (
        <p className="notice notice--success" role="status" data-testid="upload-done">
          {state.name} uploaded: processing has started.
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
