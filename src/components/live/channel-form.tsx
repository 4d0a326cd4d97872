"use client";

import { useState, type FormEvent } from "react";
import type { LiveChannelView } from "@/server/domain/live/channel-view";
import { CheckboxField, Field, TextAreaField } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { FormActions } from "@/components/form/submit-button";
import { errorsByInput, formReader } from "@/components/form/read-form";
import { errorMessageOf, fieldErrorsOf } from "@/lib/trpc/errors";
import { splitTags } from "@/lib/tags";
import { trpc } from "@/lib/trpc/react";

const labels = { name: "Name", streamPath: "Stream path", description: "Description", public: "Listed in public pages", tags: "Tags" };

/**
 * A channel's name, stream path (generated from the name by the stream path operation, or typed),
 * description, listing and tags: creates one, or saves one (live.updateChannel sends every field:
 * what is left empty is cleared). The server checks everything; its field errors are said under the fields.
 */
export function ChannelForm({
  channel,
  onSaved,
  onCancel,
}: {
  channel?: LiveChannelView;
  onSaved: (channel: LiveChannelView) => void;
  onCancel?: () => void;
}) {
  const utils = trpc.useUtils();
  const [streamPath, setStreamPath] = useState(channel?.streamPath ?? "");
  const [generating, setGenerating] = useState(false);
  const done = async (saved: LiveChannelView) => {
    await utils.live.searchChannels.invalidate();
    onSaved(saved);
  };
  const create = trpc.live.createChannel.useMutation({ onSuccess: done });
  const update = trpc.live.updateChannel.useMutation({ onSuccess: done });
  const mutation = channel ? update : create;

  // a fresh one each time (a cached answer may have been taken since)
  async function generate(name: string) {
    setGenerating(true);
    try {
      setStreamPath((await utils.live.streamPath.fetch({ base: name }, { staleTime: 0 })).streamPath);
    } finally {
      setGenerating(false);
    }
  }

  async function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const form = formReader(ev.currentTarget);
    // a new channel without a stream path gets one generated from its name
    const path =
      streamPath || (channel ? "" : (await utils.live.streamPath.fetch({ base: form.text("name") }, { staleTime: 0 })).streamPath);
    setStreamPath(path);
    const fields = {
      name: form.text("name"),
      streamPath: path,
      description: form.text("description"),
      public: form.checked("public"),
      thumbnailId: channel?.thumbnailId,
      tags: splitTags(form.text("tags")),
    };
    if (channel) update.mutate({ channelId: channel.channelId, ...fields });
    else create.mutate(fields);
  }

  const e = errorsByInput(fieldErrorsOf(mutation.error), labels);
  return (
    <form
      method="post"
      onSubmit={(ev) => void submit(ev)}
      noValidate
      className="bundle-form"
      aria-label={channel ? "Edit the channel" : "Create a channel"}
    >
      <FormStatus error={errorMessageOf(mutation.error)} fieldErrors={e} labels={labels} />
      <Field name="name" label={labels.name} required defaultValue={channel?.name} error={e.name} maxLength={200} />
      <div className="live-form__row">
        <Field
          name="streamPath"
          label={labels.streamPath}
          required
          value={streamPath}
          onChange={(ev) => setStreamPath(ev.currentTarget.value)}
          error={e.streamPath}
          autoComplete="off"
          spellCheck={false}
          hint="The last part of the encoder's address: lower-case letters, digits, '-' and '_'. Leave it empty to generate one from the name."
        />
        <button
          type="button"
          className="button button--secondary"
          disabled={generating}
          onClick={(ev) => void generate(String(new FormData(ev.currentTarget.form!).get("name") ?? ""))}
          data-testid="generate-stream-path"
        >
          Generate
        </button>
      </div>
      <TextAreaField name="description" label={labels.description} rows={3} defaultValue={channel?.description} error={e.description} />
      <CheckboxField
        name="public"
        label={labels.public}
        defaultChecked={channel?.public ?? true}
        error={e.public}
        hint="Unlisted channels stay out of searches; their page still opens for whoever has the link."
      />
      <Field name="tags" label={labels.tags} defaultValue={channel?.tags.join(", ")} error={e.tags} hint="Separated by commas." />
      <FormActions pending={mutation.isPending} submit={channel ? "Save" : "Create the channel"} onCancel={onCancel} />
    </form>
  );
}
