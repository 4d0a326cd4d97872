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
import { trpc } from "@/lib/trpc/react";
import { BundleForm } from "./bundle-form";
import { bundleAdminPath, bundlePath, priceText } from "./bundle-period";

const PAGE_SIZE = 12;

/** The creator's bundles: search, pages; create one (then its page, to add videos). */
export function BundleList({ currency }: { currency: string }) {
  const [query, setQuery] = useState("");
  const [pageIndex, setPageIndex] = useState(0);
  const [creating, setCreating] = useState(false);
  const router = useRouter();
  const search = trpc.bundles.search.useQuery({ queryString: query, pageIndex, pageSize: PAGE_SIZE });

  function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    setQuery(formReader(ev.currentTarget).text("queryString"));
    setPageIndex(0);
  }

  const page = search.data;
  return (
    <>
      <div className="page-head">
        <p className="muted">Ordered collections of your videos that viewers subscribe to for a period.</p>
        <button type="button" className="button" onClick={() => setCreating(true)}>
          Create a bundle
        </button>
      </div>
      <section className="card" aria-labelledby="bundles-title">
        <h2 id="bundles-title">Your bundles</h2>
        <FormStatus error={errorMessageOf(search.error)} />
        <form className="vod-filters" role="search" onSubmit={submit} noValidate aria-label="Search your bundles">
          <SearchField label="Search" />
        </form>
        {!page && !search.error && <p className="muted">Loading…</p>}
        {page && page.items.length === 0 && (
          <p className="muted" data-testid="bundle-empty">
            {query ? "No bundle matches your search." : "You have no bundle yet: create one, then add videos of your box to it."}
          </p>
        )}
        {page && page.items.length > 0 && (
          <ul className="bundle-grid">
            {page.items.map((b) => (
              <li key={b.bundleId} className="card bundle-card" data-testid="bundle-item">
                <h3>
                  <Link href={bundleAdminPath(b.bundleId)}>{b.name}</Link>
                </h3>
                <p className="muted">
                  {priceText(b, currency)} · {b.itemCount === 1 ? "1 video" : `${b.itemCount} videos`}
                </p>
                <div className="actions">
                  <Link className="button button--secondary" href={bundleAdminPath(b.bundleId)}>
                    Manage<span className="visually-hidden"> {b.name}</span>
                  </Link>
                  <a className="button button--secondary" href={bundlePath(b.bundleId)}>
                    Public page<span className="visually-hidden"> of {b.name}</span>
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
        {page && <Pager pageIndex={pageIndex} pageCount={page.pageCount} onPage={setPageIndex} />}
      </section>
      {creating && (
        <Dialog title="Create a bundle" onClose={() => setCreating(false)} testId="bundle-dialog">
          <BundleForm currency={currency} onSaved={(b) => router.push(bundleAdminPath(b.bundleId))} onCancel={() => setCreating(false)} />
        </Dialog>
      )}
    </>
  );
}
