"use client";

import { useEffect, useRef, useState } from "react";

interface RedocGlobal {
  init(specUrl: string, options: Record<string, unknown>, element: HTMLElement, callback?: (error?: unknown) => void): void;
}

const FONTS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Liberation Sans", sans-serif';
const MONO = 'ui-monospace, "DejaVu Sans Mono", "Liberation Mono", monospace';

/** Redoc's options: the site's colours and fonts (no web fonts: nothing is loaded from elsewhere). */
const OPTIONS = {
  expandResponses: "200,201",
  jsonSampleExpandLevel: 3,
  hideDownloadButton: false,
  nativeScrollbars: true,
  pathInMiddlePanel: true,
  requiredPropsFirst: true,
  sortTagsAlphabetically: false,
  theme: {
    colors: { primary: { main: "#4a3fd1" }, text: { primary: "#1c1d26" } },
    typography: {
      fontFamily: FONTS,
      headings: { fontFamily: FONTS, fontWeight: "600" },
      code: { fontFamily: MONO },
    },
    sidebar: { backgroundColor: "#f7f7fb", width: "17rem" },
    rightPanel: { backgroundColor: "#22232e" },
  },
};

/**
 * The API reference, rendered in the browser by Redoc from the OpenAPI document at `specUrl`. Its
 * bundle (`scriptUrl`, served by this server) is added by this component: under the CSP's
 * 'strict-dynamic' a script the page's own scripts add may run. Until it has rendered, the page's
 * server-rendered list of operations stays (`fallbackId`); it is removed once Redoc is there.
 */
export function RedocViewer({ specUrl, scriptUrl, fallbackId }: { specUrl: string; scriptUrl: string; fallbackId: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    const render = () => {
      const redoc = (window as unknown as { Redoc?: RedocGlobal }).Redoc;
      if (cancelled || !redoc || !container.current) return;
      redoc.init(specUrl, OPTIONS, container.current, (error) => {
        if (error) setFailed(true);
        else document.getElementById(fallbackId)?.remove();
      });
    };
    if ((window as unknown as { Redoc?: RedocGlobal }).Redoc) render();
    else {
      const script = document.createElement("script");
      script.src = scriptUrl;
      script.async = true;
      script.onload = render;
      script.onerror = () => setFailed(true);
      document.body.appendChild(script);
    }
    return () => {
      cancelled = true;
    };
  }, [specUrl, scriptUrl, fallbackId]);
  return (
    <>
      {failed && (
        <p className="notice notice--error" role="alert">
          The interactive reference could not load; the list of operations below and the OpenAPI document still hold everything.
        </p>
      )}
      <div ref={container} data-testid="redoc" />
    </>
  );
}
