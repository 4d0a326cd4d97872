import Link from "next/link";
import { Avatar, creatorName } from "@/components/viewer/avatar";
import type { PublicUser } from "@/server/domain/users/public-user";
import { creatorPath } from "@/lib/vod-urls";

/** The creator of a live page, as the watch page shows a publisher. */
export function LivePublisher({ publisher }: { publisher: PublicUser }) {
  return (
    <div className="publisher">
      <Avatar user={publisher} small />
      <div>
        <Link className="publisher__name" href={creatorPath(publisher.userCode)}>
          {creatorName(publisher)}
        </Link>
        <div className="muted">@{publisher.userCode}</div>
      </div>
    </div>
  );
}
