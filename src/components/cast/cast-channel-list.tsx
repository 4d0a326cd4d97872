"use client";

import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Dialog } from "@/components/dialog";
import { SearchList, useSearchState } from "@/components/search-list";
import { castChannelAdminPath, castChannelPath, castDayPath } from "@/lib/cast-urls";
import { localDay } from "@/lib/cast-days";
import { trpc } from "@/lib/trpc/react";
import { CastChannelForm } from "./cast-forms";

const PAGE_SIZE = 12;

/** The creator's cast channels: search, pages; create one (then its page: calendar, lock, preview). */
export function CastChannelList() {
  const state = useSearchState();
  const [creating, setCreating] = useState(false);
  const router = useRouter();
  const search = trpc.cast.searchChannels.useQuery({ queryString: state.queryString, pageIndex: state.pageIndex, pageSize: PAGE_SIZE });
  return (
    <>
      <div className="page-head">
        <p className="muted">Channels that play like television: days programmed from your box, breaks and live slots.</p>
        <button type="button" className="button" onClick={() => setCreating(true)} data-testid="cast-channel-create">
          Create a channel
        </button>
      </div>
      <SearchList
        id="cast-channels"
        title="Your channels"
        state={state}
        page={search.data}
        error={search.error}
        testId="cast-channel"
        emptyText="You have no cast channel yet: create one, then program its days from your box."
        renderItem={(c) => (
          <li key={c.channelId} className="card bundle-card" data-testid="cast-channel-item">
            <h3>
              <Link href={castChannelAdminPath(c.channelId)}>{c.name}</Link>{" "}
              {c.locked && <span className="badge badge--muted">Locked</span>}
            </h3>
            <p className="muted">
              <code>{c.streamPath}</code>
            </p>
            <div className="actions">
              <Link className="button button--secondary" href={castChannelAdminPath(c.channelId)}>
                Calendar<span className="visually-hidden"> of {c.name}</span>
              </Link>
              <Link className="button button--secondary" href={castDayPath(c.channelId, localDay())}>
                Today<span className="visually-hidden"> on {c.name}</span>
              </Link>
              <a className="button button--secondary" href={castChannelPath(c.channelId)}>
                Public page<span className="visually-hidden"> of {c.name}</span>
              </a>
            </div>
          </li>
        )}
      />
      {creating && (
        <Dialog title="Create a channel" onClose={() => setCreating(false)} testId="cast-channel-dialog">
          <CastChannelForm onSaved={(c) => router.push(castChannelAdminPath(c.channelId))} onCancel={() => setCreating(false)} />
        </Dialog>
      )}
    </>
  );
}
