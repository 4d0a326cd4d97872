"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import type { CastStreamView } from "@/server/domain/cast/cast-views";
import { Dialog } from "@/components/dialog";
import { FormStatus } from "@/components/form/form-status";
import { EncoderSettings } from "@/components/live/encoder-settings";
import { SearchList, useSearchState } from "@/components/search-list";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { CastStreamForm } from "./cast-forms";

const PAGE_SIZE = 12;

/** What the encoder settings of every stream share: whose credentials, and the recommended output. */
export interface EncoderAccount {
  userCode: string;
  livePasswordSet: boolean;
  keyframeIntervalSeconds: number;
}

/**
 * The creator's cast streams (the live inputs that LIVE slots relay): search, create, edit, delete
 * (refused while a program plays it), and each one's encoder settings, as a live channel's Go-live panel shows them.
 */
export function CastStreamList({ account }: { account: EncoderAccount }) {
  const t = useTranslations("cast.studio");
  const state = useSearchState();
  const utils = trpc.useUtils();
  const [dialog, setDialog] = useState<{ kind: "create" } | { kind: "edit" | "encoder"; stream: CastStreamView }>();
  const [notice, setNotice] = useState<string>();
  const search = trpc.cast.searchStreams.useQuery({ queryString: state.queryString, pageIndex: state.pageIndex, pageSize: PAGE_SIZE });
  const remove = trpc.cast.deleteStream.useMutation({
    onSuccess: async () => {
      setNotice(t("streamDeleted"));
      await utils.cast.searchStreams.invalidate();
    },
  });
  const close = () => setDialog(undefined);
  return (
    <>
      <div className="page-head">
        <h2>{t("streams")}</h2>
        <button type="button" className="button" onClick={() => setDialog({ kind: "create" })} data-testid="cast-stream-create">
          {t("createStream")}
        </button>
      </div>
      <FormStatus error={errorMessageOf(remove.error)} />
      {notice && (
        <p className="notice notice--info" role="status">
          {notice}
        </p>
      )}
      <SearchList
        id="cast-streams"
        title={t("yourStreams")}
        state={state}
        page={search.data}
        error={search.error}
        testId="cast-stream"
        emptyText={t("noStream")}
        renderItem={(s) => (
          <li key={s.streamId} className="card bundle-card" data-testid="cast-stream-item">
            <h3>{s.name}</h3>
            <p className="muted">
              <code>{s.streamPath}</code>
            </p>
            <div className="actions">
              <button type="button" className="button button--secondary" onClick={() => setDialog({ kind: "encoder", stream: s })}>
                {t("encoderSettings")}
                <span className="visually-hidden">{t("hiddenOf", { name: s.name })}</span>
              </button>
              <button type="button" className="button button--secondary" onClick={() => setDialog({ kind: "edit", stream: s })}>
                {t("edit")}
                <span className="visually-hidden"> {s.name}</span>
              </button>
              <button
                type="button"
                className="button button--danger"
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm(t("confirmDeleteStream", { name: s.name }))) remove.mutate({ streamId: s.streamId });
                }}
              >
                {t("delete")}
                <span className="visually-hidden"> {s.name}</span>
              </button>
            </div>
          </li>
        )}
      />
      {dialog?.kind === "create" && (
        <Dialog title={t("createStream")} onClose={close} testId="cast-stream-dialog">
          <CastStreamForm onSaved={(s) => setDialog({ kind: "encoder", stream: s })} onCancel={close} />
        </Dialog>
      )}
      {dialog?.kind === "edit" && (
        <Dialog title={t("editStream")} onClose={close} testId="cast-stream-dialog">
          <CastStreamForm initial={dialog.stream} onSaved={close} onCancel={close} />
        </Dialog>
      )}
      {dialog?.kind === "encoder" && (
        <Dialog title={t("encoderSettingsOf", { name: dialog.stream.name })} onClose={close} testId="cast-encoder-dialog">
          <EncoderSettings
            settings={{
              serverUrl: dialog.stream.streamingBaseUrl,
              streamKey: `${dialog.stream.streamPath}?user=${account.userCode}&password=`,
              livePasswordSet: account.livePasswordSet,
              recommended: { keyframeIntervalSeconds: account.keyframeIntervalSeconds, videoCodec: "H.264 (x264)", audioCodec: "AAC" },
            }}
          />
        </Dialog>
      )}
    </>
  );
}
