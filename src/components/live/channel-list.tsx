"use client";

import { useState, type FormEvent } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Dialog } from "@/components/dialog";
import { SearchField } from "@/components/form/search-field";
import { FormStatus } from "@/components/form/form-status";
import { formReader } from "@/components/form/read-form";
import { Pager } from "@/components/pager";
import { errorMessageOf } from "@/lib/trpc/errors";
import { goLivePath, liveChannelAdminPath, liveChannelPath } from "@/lib/live-urls";
import { trpc } from "@/lib/trpc/react";
import { ChannelForm } from "./channel-form";

const PAGE_SIZE = 12;

/** The creator's live channels: search, pages; create one (then its page, to schedule events). */
export function ChannelList() {
  const [query, setQuery] = useState("");
  const [pageIndex, setPageIndex] = useState(0);
  const [creating, setCreating] = useState(false);
  const router = useRouter();
  const search = trpc.live.searchChannels.useQuery({ queryString: query, pageIndex, pageSize: PAGE_SIZE });

  function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    setQuery(formReader(ev.currentTarget).text("queryString"));
    setPageIndex(0);
  }

  const page = search.data;
  return (
    <>
      <div className="page-head">
        <p className="muted">Channels you stream to from OBS or ffmpeg, and the events you schedule on them.</p>
        <button type="button" className="button" onClick={() => setCreating(true)} data-testid="channel-create">
          Create a channel
        </button>
      </div>
      <section className="card" aria-labelledby="channels-title">
        <h2 id="channels-title">Your channels</h2>
        <FormStatus error={errorMessageOf(search.error)} />
        <form className="vod-filters" role="search" onSubmit={submit} noValidate aria-label="Search your channels">
          <SearchField label="Search" />
        </form>
        {!page && !search.error && <p className="muted">Loading…</p>}
        {page && page.items.length === 0 && (
          <p className="muted" data-testid="channel-empty">
            {query ? "No channel matches your search." : "You have no channel yet: create one, then schedule an event and go live."}
          </p>
        )}
        {page && page.items.length > 0 && (
          <ul className="bundle-grid">
            {page.items.map((c) => (
              <li key={c.channelId} className="card bundle-card" data-testid="channel-item">
                <h3>
                  <Link href={liveChannelAdminPath(c.channelId)}>{c.name}</Link>
                </h3>
                <p className="muted">
                  <code>{c.streamPath}</code> · {c.public ? "Listed" : "Unlisted"}
                </p>
                <div className="actions">
                  <Link className="button button--secondary" href={liveChannelAdminPath(c.channelId)}>
                    Manage<span className="visually-hidden"> {c.name}</span>
                  </Link>
                  <Link className="button button--secondary" href={goLivePath(c.channelId)}>
                    Go live<span className="visually-hidden"> on {c.name}</span>
                  </Link>
                  <a className="button button--secondary" href={liveChannelPath(c.channelId)}>
                    Public page<span className="visually-hidden"> of {c.name}</span>
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
        {page && <Pager pageIndex={pageIndex} pageCount={page.pageCount} onPage={setPageIndex} />}
      </section>
      {creating && (
        <Dialog title="Create a channel" onClose={() => setCreating(false)} testId="channel-dialog">
          <ChannelForm onSaved={(c) => router.push(liveChannelAdminPath(c.channelId))} onCancel={() => setCreating(false)} />
        </Dialog>
      )}
    </>
  );
}
