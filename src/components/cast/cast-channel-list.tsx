"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { CardList } from "@/components/card-list";
import { castChannelAdminPath, castChannelPath, castDayPath } from "@/lib/cast-urls";
import { localDay } from "@/lib/cast-days";
import { trpc } from "@/components/trpc/react";
import type { CastChannelView } from "@/server/domain/cast/cast-views";
import { CastChannelForm } from "./cast-forms";

/** The creator's cast channels: search, pages; create one (then its page: calendar, lock, preview). */
export function CastChannelList() {
  const router = useRouter();
  const t = useTranslations("cast.studio");
  return (
    <CardList<CastChannelView>
      noun="channel"
      testId="cast-channel"
      createLabel={t("createChannel")}
      listTitle={t("yourChannels")}
      intro={t("intro")}
      emptyText={t("empty")}
      useSearch={trpc.cast.searchChannels.useQuery}
      keyOf={(c) => c.channelId}
      card={(c) => (
        <>
          <h3>
            <Link href={castChannelAdminPath(c.channelId)}>{c.name}</Link>{" "}
            {c.locked && <span className="badge badge--muted">{t("locked")}</span>}
          </h3>
          <p className="muted">
            <code>{c.streamPath}</code>
          </p>
          <div className="actions">
            <Link className="button button--secondary" href={castChannelAdminPath(c.channelId)}>
              {t("calendar")}
              <span className="visually-hidden">{t("hiddenOf", { name: c.name })}</span>
            </Link>
            <Link className="button button--secondary" href={castDayPath(c.channelId, localDay())}>
              {t("today")}
              <span className="visually-hidden">{t("hiddenOn", { name: c.name })}</span>
            </Link>
            <a className="button button--secondary" href={castChannelPath(c.channelId)}>
              {t("publicPage")}
              <span className="visually-hidden">{t("hiddenOf", { name: c.name })}</span>
            </a>
          </div>
        </>
      )}
      createForm={(close) => <CastChannelForm onSaved={(c) => router.push(castChannelAdminPath(c.channelId))} onCancel={close} />}
    />
  );
}
