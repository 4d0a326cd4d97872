import type { PublicUser } from "@/server/domain/users/public-user";
import { thumbnailPath } from "@/lib/vod-urls";

/** A creator's picture (the thumbnail of their page), else the initial of their userCode. Decorative: the name is beside it. */
export function Avatar({ user, small = false }: { user: PublicUser; small?: boolean }) {
  const className = `avatar${small ? " avatar--small" : ""}`;
  if (user.thumbnailId)
    return <img className={`${className} avatar--image`} src={thumbnailPath(user.thumbnailId, 96)} alt="" data-testid="avatar-image" />;
  return (
    <div className={className} aria-hidden="true">
      {user.userCode.charAt(0)}
    </div>
  );
}

/** How a creator is named on pages: their page title, else their userCode. */
export const creatorName = (user: PublicUser) => user.pageTitle ?? user.userCode;
