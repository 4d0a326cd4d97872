"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { CardList } from "@/components/card-list";
import { goLivePath, liveChannelAdminPath, liveChannelPath } from "@/lib/live-urls";
import { trpc } from "@/components/trpc/react";
import type { LiveChannelView } from "@/server/domain/live/channel-view";
import { ChannelForm } from "./channel-form";

/** The creator's live channels: search, pages; create one (then its page, to schedule events). */
export function ChannelList() {
  const router = useRouter();
  const t = useTranslations("live.studio");
  return (
    <CardList<LiveChannelView>
      noun="channel"
      createLabel={t("createChannel")}
      listTitle={t("yourChannels")}
      intro={t("intro")}
      emptyText={t("empty")}
      useSearch={trpc.live.searchChannels.useQuery}
      keyOf={(c) => c.channelId}
      card={(c) => (
        <>
          <h3>
            <Link href={liveChannelAdminPath(c.channelId)}>{c.name}</Link>
          </h3>
          <p className="muted">
            <code>{c.streamPath}</code> · {c.public ? t("listed") : t("unlisted")}
          </p>
          <div className="actions">
            <Link className="button button--secondary" href={liveChannelAdminPath(c.channelId)}>
              {t("manage")}
              <span className="visually-hidden"> {c.name}</span>
            </Link>
            <Link className="button button--secondary" href={goLivePath(c.channelId)}>
              {t("goLive")}
              <span className="visually-hidden">{t("hiddenOn", { name: c.name })}</span>
            </Link>
            <a className="button button--secondary" href={liveChannelPath(c.channelId)}>
              {t("publicPage")}
              <span className="visually-hidden">{t("hiddenOf", { name: c.name })}</span>
            </a>
          </div>
        </>
      )}
      createForm={(close) => <ChannelForm onSaved={(c) => router.push(liveChannelAdminPath(c.channelId))} onCancel={close} />}
    />
  );
}
